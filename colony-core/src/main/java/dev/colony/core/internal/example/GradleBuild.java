package dev.colony.core.internal.example;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The dependencies of a {@code build.gradle} or {@code build.gradle.kts} that can be read without running Gradle:
 * string notation ({@code implementation("g:a:v")}, also inside {@code platform(...)}) and map notation
 * ({@code group: 'g', name: 'a', version: 'v'}). A declaration of a configuration this reader does not understand
 * (a version catalog alias, a project, a computed string) is named in the notes.
 */
final class GradleBuild {

    private static final String CONFIGURATIONS = "implementation|api|compileOnly|runtimeOnly|testImplementation"
            + "|testRuntimeOnly|testCompileOnly|annotationProcessor|kapt|ksp|developmentOnly|compile|testCompile";
    private static final Pattern STRING_NOTATION = Pattern.compile("^\\s*(?:" + CONFIGURATIONS
            + ")\\s*\\(?\\s*(?:(?:enforcedPlatform|platform)\\s*\\(\\s*)?[\"']([^\"':\\s]+):([^\"':\\s]+)"
            + "(?::([^\"'\\s@]+))?(?:@[^\"']*)?[\"']");
    private static final Pattern MAP_NOTATION = Pattern.compile("^\\s*(?:" + CONFIGURATIONS
            + ")\\s*\\(?\\s*group\\s*[:=]\\s*[\"']([^\"']+)[\"']\\s*,\\s*name\\s*[:=]\\s*[\"']([^\"']+)[\"']"
            + "(?:\\s*,\\s*version\\s*[:=]\\s*[\"']([^\"']+)[\"'])?");
    private static final Pattern DECLARATION = Pattern.compile("^\\s*(?:" + CONFIGURATIONS + ")\\b");
    private static final int MAX_UNREAD_NOTES = 5;

    private GradleBuild() {
    }

    static Map<String, String> dependencies(String fileName, String text, List<String> notes) {
        Map<String, String> found = new TreeMap<>();
        int unread = 0;
        for (String raw : text.split("\\R")) {
            String line = raw.replaceAll("//.*$", "");
            Matcher string = STRING_NOTATION.matcher(line);
            Matcher map = MAP_NOTATION.matcher(line);
            Matcher matched = string.find() ? string : map.find() ? map : null;
            if (matched != null) {
                String version = matched.group(3);
                String coordinates = matched.group(1) + ":" + matched.group(2);
                if (version == null) {
                    found.put(coordinates, Manifest.MANAGED);
                    notes.add("the version of " + coordinates + " comes from a platform, BOM or plugin");
                } else {
                    if (version.contains("$")) {
                        notes.add("the version of " + coordinates + " is a variable (" + version
                                + "); kept as written");
                    }
                    found.put(coordinates, version);
                }
            } else if (DECLARATION.matcher(line).find()) {
                unread++;
                if (unread <= MAX_UNREAD_NOTES) {
                    notes.add(fileName + ": dependency not read (catalog alias, project or computed): "
                            + line.strip());
                }
            }
        }
        if (unread > MAX_UNREAD_NOTES) {
            notes.add(fileName + ": " + (unread - MAX_UNREAD_NOTES) + " more dependency declarations not read");
        }
        return found;
    }
}
