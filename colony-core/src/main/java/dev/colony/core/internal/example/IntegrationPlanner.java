package dev.colony.core.internal.example;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.example.IntegrationPlan;
import dev.colony.api.example.IntegrationPlan.DependencyDelta;
import dev.colony.api.example.IntegrationPlan.FileToCopy;
import dev.colony.api.example.ManifestKind;
import dev.colony.core.internal.kernel.RepoDirectory;
import dev.colony.spi.storage.ExampleRecords.StoredExample;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Builds an {@link IntegrationPlan} without a model: the example's stored manifest against a fresh read of the
 * target's build file (the hint, or the repository root's own manifest of the example's kind). Maven and Gradle
 * compare {@code groupId:artifactId} across both build tools. Every guess is said in the notes.
 */
final class IntegrationPlanner {

    private static final String FIELD = "target_hint";
    private static final Set<ManifestKind> JVM = Set.of(ManifestKind.MAVEN, ManifestKind.GRADLE);
    private static final int MAX_NOTES = 20;

    private IntegrationPlanner() {
    }

    static IntegrationPlan plan(Path root, StoredExample example, String targetHint) {
        ManifestKind kind = ManifestKind.of(example.manifestKind());
        Manifest manifest = Manifest.fromStored(kind, example.manifest());
        List<String> notes = new ArrayList<>(manifest.notes());
        Optional<Path> target = target(root, kind, targetHint);
        String targetDirectory = "";
        Map<String, String> targetDependencies = Map.of();
        if (target.isEmpty()) {
            if (kind != ManifestKind.UNKNOWN) {
                notes.add("no build file of kind " + kind.wireName() + " at the repository root; every dependency "
                        + "of the example is listed to add (name one with target_hint)");
            }
        } else {
            Path file = target.get();
            String relative = RepoDirectory.relative(root, file);
            targetDirectory = relative.contains("/") ? relative.substring(0, relative.lastIndexOf('/') + 1) : "";
            ManifestKind targetKind = ManifestReader.kindOf(file.getFileName().toString()).orElse(ManifestKind.UNKNOWN);
            if (targetKind == ManifestKind.UNKNOWN) {
                notes.add(relative + " is not a manifest this planner reads; every dependency is listed to add");
            } else if (targetKind != kind && !(JVM.contains(kind) && JVM.contains(targetKind))) {
                notes.add(relative + " is a " + targetKind.wireName() + " manifest and the example is "
                        + kind.wireName() + "; their dependencies do not compare, every one is listed to add");
            } else {
                String text = ExampleScanner.readText(file).orElse(null);
                if (text == null) {
                    notes.add(relative + " could not be read as UTF-8 text; every dependency is listed to add");
                } else {
                    targetDependencies = ManifestReader.dependencies(targetKind, file.getFileName().toString(), text,
                            notes, new LinkedHashMap<>());
                }
            }
        }
        DependencyDelta delta = delta(manifest.dependencies(), targetDependencies, notes);
        List<FileToCopy> files = new ArrayList<>();
        for (String entryPoint : manifest.entryPoints()) {
            files.add(new FileToCopy("examples/" + example.name() + "/" + entryPoint, targetDirectory + entryPoint,
                    "entry point of the example"));
        }
        if (!files.isEmpty()) {
            notes.add("files keep the example's layout; rename packages or modules to the target's");
        }
        if (kind == ManifestKind.UNKNOWN) {
            notes.add("the example has no manifest this planner reads; no dependencies or build steps derived");
        }
        return new IntegrationPlan(example.name(), delta, files, manifest.configSteps(),
                notes.stream().distinct().limit(MAX_NOTES).toList());
    }

    private static DependencyDelta delta(Map<String, String> example, Map<String, String> target, List<String> notes) {
        Map<String, String> add = new LinkedHashMap<>();
        List<String> remove = new ArrayList<>();
        example.forEach((name, version) -> {
            String present = target.get(name);
            if (present == null) {
                add.put(name, version);
            } else if (!present.equals(version) && !version.equals(Manifest.MANAGED)
                    && !present.equals(Manifest.MANAGED)) {
                add.put(name, version);
                remove.add(name);
                notes.add(name + ": the target declares " + present + ", the example " + version
                        + "; check that the change of version is safe");
            }
        });
        return new DependencyDelta(add, remove);
    }

    /**
     * The target build file: the hint under the root, or the root's manifest of {@code kind} (for Maven and Gradle,
     * of the other JVM build tool when there is none); never a link.
     */
    private static Optional<Path> target(Path root, ManifestKind kind, String hint) {
        if (hint != null) {
            if (hint.isBlank() || hint.length() > 1024) {
                throw ColonyException.invalid(FIELD, "must be a file path relative to repo_root");
            }
            Path named = Path.of(hint);
            for (Path name : named) {
                if (name.toString().equals("..")) {
                    throw ColonyException.invalid(FIELD, "must not contain '..'");
                }
            }
            Path file = named.isAbsolute() ? named.normalize() : root.resolve(named).normalize();
            if (!file.startsWith(root)) {
                throw ColonyException.invalid(FIELD, "must lie inside repo_root");
            }
            requireNoLink(root, file);
            return Optional.of(file);
        }
        for (boolean sameKind : List.of(true, false)) {
            for (Map.Entry<String, ManifestKind> entry : ManifestReader.FILES) {
                boolean fits = sameKind ? entry.getValue() == kind
                        : JVM.contains(kind) && JVM.contains(entry.getValue());
                if (fits && regularFile(root.resolve(entry.getKey()))) {
                    return Optional.of(root.resolve(entry.getKey()));
                }
            }
        }
        return Optional.empty();
    }

    /** Fails unless every name from {@code root} down to {@code file} is not a link and the file is a regular file. */
    private static void requireNoLink(Path root, Path file) {
        Path at = root;
        for (Path name : root.relativize(file)) {
            at = at.resolve(name);
            BasicFileAttributes attributes;
            try {
                attributes = Files.readAttributes(at, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            } catch (IOException e) {
                throw ColonyException.about(ErrorCode.NOT_FOUND, FIELD, "no file "
                        + RepoDirectory.relative(root, file) + " in repo_root");
            }
            if (attributes.isSymbolicLink()) {
                throw ColonyException.invalid(FIELD, RepoDirectory.relative(root, at) + " is a symbolic link; it is not "
                        + "followed");
            }
        }
        if (!regularFile(file)) {
            throw ColonyException.invalid(FIELD, "is not a regular file");
        }
    }

    private static boolean regularFile(Path file) {
        try {
            return Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).isRegularFile();
        } catch (IOException e) {
            return false;
        }
    }
}
