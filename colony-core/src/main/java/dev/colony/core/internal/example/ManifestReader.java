package dev.colony.core.internal.example;

import dev.colony.api.example.ManifestKind;
import dev.colony.core.internal.example.ExampleScanner.ScannedExample;
import dev.colony.core.internal.example.ExampleScanner.ScannedFile;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads an example's manifest: which kind it is (by file name at the example's root), its dependencies, scripts,
 * entry points and the commands its build expects. What it cannot read becomes a note, never a failure.
 */
final class ManifestReader {

    /** Manifest file names in the order they are looked for; the first present decides the kind. */
    static final List<Map.Entry<String, ManifestKind>> FILES = List.of(
            Map.entry("package.json", ManifestKind.NPM),
            Map.entry("pyproject.toml", ManifestKind.PYPI),
            Map.entry("requirements.txt", ManifestKind.PYPI),
            Map.entry("Cargo.toml", ManifestKind.CARGO),
            Map.entry("go.mod", ManifestKind.GO),
            Map.entry("pom.xml", ManifestKind.MAVEN),
            Map.entry("build.gradle.kts", ManifestKind.GRADLE),
            Map.entry("build.gradle", ManifestKind.GRADLE));

    private static final int MAX_ENTRY_POINTS = 4;
    private static final int MAX_STEPS = 8;
    private static final Pattern REQUIREMENT = Pattern.compile(
            "^([A-Za-z0-9][A-Za-z0-9._-]*)(\\[[^\\]]*\\])?\\s*(.*)$");
    private static final Pattern GO_REQUIRE = Pattern.compile("^\\s*(?:require\\s+)?([^\\s()]+)\\s+(v[^\\s]+)");
    private static final Pattern JVM_MAIN = Pattern.compile(
            "static\\s+void\\s+main\\s*\\(|^\\s*fun\\s+main\\s*\\(|@SpringBootApplication", Pattern.MULTILINE);

    private ManifestReader() {
    }

    /** The kind of a manifest file named {@code fileName}, if it is one. */
    static Optional<ManifestKind> kindOf(String fileName) {
        return FILES.stream().filter(entry -> entry.getKey().equals(fileName)).map(Map.Entry::getValue).findFirst();
    }

    /** The manifest of {@code example}. */
    static Manifest read(ScannedExample example) {
        Optional<ScannedFile> manifest = FILES.stream().map(entry -> example.file(entry.getKey()))
                .flatMap(Optional::stream).findFirst();
        if (manifest.isEmpty()) {
            return new Manifest(ManifestKind.UNKNOWN, "", Map.of(), Map.of(), unknownEntryPoints(example), List.of(),
                    List.of("no manifest (package.json, pyproject.toml, requirements.txt, Cargo.toml, go.mod, "
                            + "pom.xml, build.gradle[.kts]) at the example's root"));
        }
        ScannedFile file = manifest.get();
        ManifestKind kind = kindOf(file.path()).orElseThrow();
        List<String> notes = new ArrayList<>();
        Map<String, String> scripts = new LinkedHashMap<>();
        Map<String, String> dependencies = dependencies(kind, file.path(), file.text(), notes, scripts);
        List<String> entryPoints = new ArrayList<>();
        List<String> steps = new ArrayList<>();
        switch (kind) {
            case NPM -> npm(example, file, scripts, entryPoints, steps);
            case PYPI -> python(example, file, scripts, entryPoints, steps);
            case CARGO -> cargo(example, entryPoints, steps);
            case GO -> go(example, entryPoints, steps);
            case MAVEN -> maven(example, file, entryPoints, steps);
            case GRADLE -> gradle(example, file, entryPoints, steps, notes);
            default -> {
            }
        }
        return new Manifest(kind, file.path(), dependencies, scripts,
                entryPoints.stream().distinct().limit(MAX_ENTRY_POINTS).toList(),
                steps.stream().distinct().limit(MAX_STEPS).toList(), notes);
    }

    /**
     * The dependencies a manifest of {@code kind} named {@code fileName} declares, name to version; what cannot be
     * read is added to {@code notes}, and npm or Python scripts to {@code scripts}.
     */
    static Map<String, String> dependencies(ManifestKind kind, String fileName, String text, List<String> notes,
            Map<String, String> scripts) {
        Map<String, String> found = new TreeMap<>();
        switch (kind) {
            case NPM -> npmDependencies(fileName, text, notes, scripts, found);
            case PYPI -> pythonDependencies(fileName, text, notes, scripts, found);
            case CARGO -> cargoDependencies(text, found);
            case GO -> goDependencies(text, found);
            case MAVEN -> found.putAll(MavenPom.dependencies(text, notes));
            case GRADLE -> found.putAll(GradleBuild.dependencies(fileName, text, notes));
            default -> {
            }
        }
        return found;
    }

    private static void npmDependencies(String fileName, String text, List<String> notes,
            Map<String, String> scripts, Map<String, String> found) {
        Map<String, Object> json;
        try {
            json = JsonText.object(JsonText.parse(text.startsWith("\uFEFF") ? text.substring(1) : text));
        } catch (IllegalArgumentException e) {
            notes.add(fileName + " is not valid JSON (" + e.getMessage() + "); no dependencies read");
            return;
        }
        for (String section : List.of("devDependencies", "dependencies")) {
            JsonText.object(json.get(section)).forEach((name, version) -> found.put(name, String.valueOf(version)));
        }
        JsonText.object(json.get("scripts")).forEach((name, command) -> scripts.put(name, String.valueOf(command)));
    }

    private static void pythonDependencies(String fileName, String text, List<String> notes,
            Map<String, String> scripts, Map<String, String> found) {
        if (fileName.endsWith(".txt")) {
            for (String raw : text.split("\\R")) {
                String line = raw.replaceAll("\\s+#.*$", "").strip();
                if (line.isEmpty() || line.startsWith("#")) {
                    continue;
                }
                if (line.startsWith("-")) {
                    notes.add("requirements.txt option not followed: " + line);
                    continue;
                }
                requirement(line, found, notes);
            }
            return;
        }
        Map<String, Map<String, Object>> toml = TomlText.parse(text);
        Map<String, Object> project = toml.getOrDefault("project", Map.of());
        if (project.get("dependencies") instanceof List<?> list) {
            list.forEach(item -> requirement(String.valueOf(item), found, notes));
        }
        toml.getOrDefault("tool.poetry.dependencies", Map.of()).forEach((name, version) -> {
            if (!name.equals("python")) {
                found.put(name, version instanceof Map<?, ?> table ? String.valueOf(table.get("version"))
                        : String.valueOf(version));
            }
        });
        toml.getOrDefault("project.scripts", Map.of()).forEach((name, target) -> scripts.put(name,
                String.valueOf(target)));
        if (project.containsKey("dynamic")) {
            notes.add("pyproject.toml declares dynamic fields; some dependencies may come from elsewhere");
        }
    }

    private static void requirement(String line, Map<String, String> found, List<String> notes) {
        String spec = line.split(";", 2)[0].strip();
        Matcher matcher = REQUIREMENT.matcher(spec);
        if (!matcher.matches()) {
            notes.add("requirement not read: " + line);
            return;
        }
        String version = matcher.group(3).strip();
        found.put(matcher.group(1), version.isEmpty() ? "*" : version);
    }

    private static void cargoDependencies(String text, Map<String, String> found) {
        Map<String, Map<String, Object>> toml = TomlText.parse(text);
        for (String table : List.of("dev-dependencies", "dependencies")) {
            toml.getOrDefault(table, Map.of()).forEach((name, value) -> {
                if (value instanceof Map<?, ?> inline) {
                    Object version = inline.get("version");
                    found.put(name, version != null ? String.valueOf(version)
                            : inline.containsKey("path") ? "path:" + inline.get("path")
                            : inline.containsKey("git") ? "git:" + inline.get("git") : "*");
                } else {
                    found.put(name, String.valueOf(value));
                }
            });
        }
    }

    private static void goDependencies(String text, Map<String, String> found) {
        boolean block = false;
        for (String raw : text.split("\\R")) {
            String line = raw.replaceAll("//.*$", "").strip();
            if (line.startsWith("require (")) {
                block = true;
                continue;
            }
            if (block && line.startsWith(")")) {
                block = false;
                continue;
            }
            if (block || line.startsWith("require ")) {
                Matcher matcher = GO_REQUIRE.matcher(line);
                if (matcher.find()) {
                    found.put(matcher.group(1), matcher.group(2));
                }
            }
        }
    }

    private static void npm(ScannedExample example, ScannedFile file, Map<String, String> scripts,
            List<String> entryPoints, List<String> steps) {
        try {
            Map<String, Object> json = JsonText.object(JsonText.parse(file.text().startsWith("\uFEFF")
                    ? file.text().substring(1) : file.text()));
            for (String field : List.of("main", "module")) {
                if (json.get(field) instanceof String path) {
                    existing(example, path, entryPoints);
                }
            }
            Object bin = json.get("bin");
            if (bin instanceof String path) {
                existing(example, path, entryPoints);
            } else {
                JsonText.object(bin).values().forEach(path -> existing(example, String.valueOf(path), entryPoints));
            }
        } catch (IllegalArgumentException e) {
            // Already noted with the dependencies.
        }
        conventional(example, entryPoints, "index.ts", "index.js", "src/index.ts", "src/index.js", "src/main.ts",
                "src/main.js", "server.js", "app.js");
        steps.add("npm install");
        for (String name : scripts.keySet()) {
            steps.add("npm run " + name);
        }
    }

    private static void python(ScannedExample example, ScannedFile file, Map<String, String> scripts,
            List<String> entryPoints, List<String> steps) {
        for (String target : scripts.values()) {
            String module = target.split(":", 2)[0].strip().replace('.', '/');
            conventional(example, entryPoints, module + ".py", "src/" + module + ".py", module + "/__main__.py",
                    "src/" + module + "/__main__.py");
        }
        conventional(example, entryPoints, "main.py", "app.py", "__main__.py", "src/main.py", "src/app.py");
        steps.add(file.path().endsWith(".txt") ? "pip install -r requirements.txt" : "pip install -e .");
        if (example.file("requirements.txt").isPresent() && !file.path().endsWith(".txt")) {
            steps.add("pip install -r requirements.txt");
        }
        scripts.keySet().forEach(steps::add);
    }

    private static void cargo(ScannedExample example, List<String> entryPoints, List<String> steps) {
        conventional(example, entryPoints, "src/main.rs", "src/lib.rs");
        example.files().stream().map(ScannedFile::path).filter(path -> path.matches("src/bin/[^/]+\\.rs"))
                .forEach(entryPoints::add);
        steps.add("cargo build");
        steps.add("cargo test");
        if (example.file("src/main.rs").isPresent()) {
            steps.add("cargo run");
        }
    }

    private static void go(ScannedExample example, List<String> entryPoints, List<String> steps) {
        conventional(example, entryPoints, "main.go");
        example.files().stream().map(ScannedFile::path).filter(path -> path.matches("cmd/[^/]+/main\\.go"))
                .forEach(entryPoints::add);
        steps.add("go mod download");
        steps.add("go build ./...");
        steps.add("go test ./...");
    }

    private static void maven(ScannedExample example, ScannedFile pom, List<String> entryPoints, List<String> steps) {
        jvmMains(example, entryPoints);
        String tool = example.file("mvnw").isPresent() ? "./mvnw" : "mvn";
        steps.add(tool + " -q verify");
        if (pom.text().contains("spring-boot-maven-plugin")) {
            steps.add(tool + " spring-boot:run");
        } else if (pom.text().contains("exec-maven-plugin")) {
            steps.add(tool + " exec:java");
        }
    }

    private static void gradle(ScannedExample example, ScannedFile build, List<String> entryPoints,
            List<String> steps, List<String> notes) {
        jvmMains(example, entryPoints);
        String tool = example.file("gradlew").isPresent() ? "./gradlew" : "gradle";
        steps.add(tool + " build");
        String text = build.text();
        if (text.contains("org.springframework.boot")) {
            steps.add(tool + " bootRun");
        } else if (text.matches("(?s).*\\bapplication\\b.*")) {
            steps.add(tool + " run");
        }
        if (example.file("settings.gradle").isPresent() || example.file("settings.gradle.kts").isPresent()) {
            notes.add("settings.gradle may include more projects; only " + build.path() + " was read");
        }
    }

    /** JVM sources under {@code src/main} with a main method or a Spring Boot application class. */
    private static void jvmMains(ScannedExample example, List<String> entryPoints) {
        example.files().stream()
                .filter(file -> file.path().startsWith("src/main/") && (file.path().endsWith(".java")
                        || file.path().endsWith(".kt")))
                .filter(file -> JVM_MAIN.matcher(file.text()).find())
                .map(ScannedFile::path).forEach(entryPoints::add);
    }

    private static List<String> unknownEntryPoints(ScannedExample example) {
        List<String> entryPoints = new ArrayList<>();
        example.files().stream().map(ScannedFile::path)
                .filter(path -> path.matches("(main|index|app|server)\\.[A-Za-z0-9]+")
                        && !path.endsWith(".md") && !path.endsWith(".html"))
                .limit(MAX_ENTRY_POINTS).forEach(entryPoints::add);
        return entryPoints;
    }

    private static void existing(ScannedExample example, String path, List<String> entryPoints) {
        String clean = path.startsWith("./") ? path.substring(2) : path;
        if (example.file(clean).isPresent()) {
            entryPoints.add(clean);
        }
    }

    private static void conventional(ScannedExample example, List<String> entryPoints, String... paths) {
        for (String path : paths) {
            existing(example, path, entryPoints);
        }
    }
}
