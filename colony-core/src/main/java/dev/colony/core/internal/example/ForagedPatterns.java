package dev.colony.core.internal.example;

import dev.colony.api.example.Examples;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryKind;
import dev.colony.core.internal.example.ExampleScanner.ScannedExample;
import dev.colony.core.internal.example.ExampleScanner.ScannedFile;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The {@value Examples#FORAGED_PATTERN} memories of one example: its manifest summary, each entry point and a few
 * notable files (the README first, then the shallowest sources), each a bounded preview (the head of the file and
 * the key declarations after it), never a whole file, every text masked by {@link Redaction}. Each carries the
 * repository root, the example's name and the file's path in its metadata.
 */
final class ForagedPatterns {

    /** The foraged-pattern kind. */
    static final MemoryKind KIND = MemoryKind.of(Examples.FORAGED_PATTERN);
    /** The most characters of one preview. */
    static final int MAX_PREVIEW_CHARS = 2_000;
    private static final int HEAD_LINES = 30;
    private static final int MAX_LINE_CHARS = 160;
    private static final int MAX_DECLARATIONS = 12;
    private static final int MAX_NOTABLE_FILES = 6;
    private static final int MAX_LISTED_DEPENDENCIES = 30;
    private static final Pattern DECLARATION = Pattern.compile("^\\s*(?:@\\w+|(?:public|private|protected|export|"
            + "pub|async|static|abstract|final|open|data|internal)\\s+|(?:class|interface|record|enum|struct|trait|impl|"
            + "def|fn|func|function|fun|type|const|module|object)\\s)");
    private static final Set<String> SOURCE_EXTENSIONS = Set.of("java", "kt", "kts", "scala", "groovy", "ts", "tsx",
            "js", "jsx", "mjs", "py", "rs", "go", "rb", "cs", "swift", "c", "h", "cpp", "yml", "yaml", "toml", "json",
            "xml", "properties", "sql", "sh", "md");

    private ForagedPatterns() {
    }

    /** The drafts for {@code example} of the repository at {@code repoRoot}, the manifest summary first. */
    static List<MemoryDraft> drafts(String repoRoot, ScannedExample example, Manifest manifest) {
        List<MemoryDraft> drafts = new ArrayList<>();
        drafts.add(draft(repoRoot, example.name(), manifest.file(), "manifest", summary(example.name(), manifest)));
        Set<String> taken = new HashSet<>();
        taken.add(manifest.file());
        for (String entryPoint : manifest.entryPoints()) {
            example.file(entryPoint).ifPresent(file -> {
                taken.add(file.path());
                drafts.add(draft(repoRoot, example.name(), file.path(), "entry_point", "Example " + example.name()
                        + ": entry point " + file.path() + "\n" + preview(Redaction.mask(file.text()))));
            });
        }
        int room = Math.min(MAX_NOTABLE_FILES, Examples.MAX_MEMORIES_PER_EXAMPLE - drafts.size());
        notable(example, taken).stream().limit(Math.max(0, room)).forEach(file -> drafts.add(draft(repoRoot,
                example.name(), file.path(), "file", "Example " + example.name() + ": " + file.path() + "\n"
                        + preview(Redaction.mask(file.text())))));
        return drafts;
    }

    private static MemoryDraft draft(String repoRoot, String example, String path, String entryKind, String content) {
        Map<String, Object> metadata = new LinkedHashMap<>();
        metadata.put("repo_root", repoRoot);
        metadata.put("example_name", example);
        metadata.put("file_path", path.isEmpty() ? "examples/" + example : "examples/" + example + "/" + path);
        metadata.put("entry_kind", entryKind);
        return MemoryDraft.of(KIND, Redaction.mask(content)).withMetadata(metadata);
    }

    private static String summary(String name, Manifest manifest) {
        StringBuilder text = new StringBuilder("Example " + name + " (" + manifest.kind().wireName() + "): "
                + (manifest.file().isEmpty() ? "no manifest" : "manifest " + manifest.file()));
        if (!manifest.dependencies().isEmpty()) {
            text.append("\nDependencies (").append(manifest.dependencies().size()).append("): ")
                    .append(manifest.dependencies().entrySet().stream().limit(MAX_LISTED_DEPENDENCIES)
                            .map(entry -> entry.getKey() + " " + entry.getValue()).collect(Collectors.joining(", ")));
        }
        if (!manifest.scripts().isEmpty()) {
            text.append("\nScripts: ").append(manifest.scripts().entrySet().stream().limit(10)
                    .map(entry -> entry.getKey() + ": " + entry.getValue()).collect(Collectors.joining("; ")));
        }
        if (!manifest.entryPoints().isEmpty()) {
            text.append("\nEntry points: ").append(String.join(", ", manifest.entryPoints()));
        }
        if (!manifest.configSteps().isEmpty()) {
            text.append("\nBuild: ").append(String.join("; ", manifest.configSteps()));
        }
        return bounded(text.toString());
    }

    /** The README, then source and config files, shallowest first, then by path; none already taken. */
    private static List<ScannedFile> notable(ScannedExample example, Set<String> taken) {
        return example.files().stream().filter(file -> !taken.contains(file.path()))
                .filter(file -> readme(file.path()) || SOURCE_EXTENSIONS.contains(extension(file.path())))
                .filter(file -> !file.path().endsWith("-lock.json") && !file.text().isBlank())
                .sorted(Comparator.comparing((ScannedFile file) -> !readme(file.path()))
                        .thenComparing(file -> file.path().chars().filter(c -> c == '/').count())
                        .thenComparing(ScannedFile::path))
                .toList();
    }

    private static boolean readme(String path) {
        return path.toLowerCase(Locale.ROOT).startsWith("readme");
    }

    private static String extension(String path) {
        int dot = path.lastIndexOf('.');
        return dot < 0 ? "" : path.substring(dot + 1).toLowerCase(Locale.ROOT);
    }

    /** The head of {@code text}, then the declarations after it, at most {@link #MAX_PREVIEW_CHARS}. */
    static String preview(String text) {
        String[] lines = text.split("\\R", -1);
        StringBuilder preview = new StringBuilder();
        int head = Math.min(HEAD_LINES, lines.length);
        for (int i = 0; i < head; i++) {
            preview.append(line(lines[i])).append('\n');
        }
        if (lines.length > head) {
            preview.append("...\n");
            int declarations = 0;
            for (int i = head; i < lines.length && declarations < MAX_DECLARATIONS; i++) {
                if (DECLARATION.matcher(lines[i]).find()) {
                    preview.append(line(lines[i])).append('\n');
                    declarations++;
                }
            }
        }
        return bounded(preview.toString().stripTrailing());
    }

    private static String line(String line) {
        return line.length() <= MAX_LINE_CHARS ? line : line.substring(0, MAX_LINE_CHARS) + "...";
    }

    private static String bounded(String text) {
        return text.length() <= MAX_PREVIEW_CHARS ? text : text.substring(0, MAX_PREVIEW_CHARS - 3) + "...";
    }
}
