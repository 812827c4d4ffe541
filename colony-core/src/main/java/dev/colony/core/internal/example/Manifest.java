package dev.colony.core.internal.example;

import dev.colony.api.example.ManifestKind;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What an example's manifest declares, as the examples table keeps it for integration plans.
 *
 * @param kind the manifest kind
 * @param file the manifest's path in the example, or {@code ""} for none
 * @param dependencies name (Maven and Gradle: {@code groupId:artifactId}) to version, in name order; a version a
 *     parent or platform manages reads {@value #MANAGED}
 * @param scripts the named scripts (npm {@code scripts}, Python {@code project.scripts}), in file order
 * @param entryPoints the example's entry points, paths in the example
 * @param configSteps the commands its build expects, in order
 * @param notes what the reader could not read or had to guess
 */
record Manifest(ManifestKind kind, String file, Map<String, String> dependencies, Map<String, String> scripts,
        List<String> entryPoints, List<String> configSteps, List<String> notes) {

    /** The version of a dependency whose version the manifest leaves to a parent, platform or catalog. */
    static final String MANAGED = "managed";

    Manifest {
        dependencies = new TreeMap<>(dependencies);
        scripts = new LinkedHashMap<>(scripts);
        entryPoints = List.copyOf(entryPoints);
        configSteps = List.copyOf(configSteps);
        notes = List.copyOf(notes);
    }

    /** This summary as stored: strings, lists and maps, each string masked. */
    Map<String, Object> toStored() {
        Map<String, Object> stored = new LinkedHashMap<>();
        stored.put("file", file);
        stored.put("dependencies", masked(dependencies));
        stored.put("scripts", masked(scripts));
        stored.put("entry_points", entryPoints);
        stored.put("config_steps", configSteps.stream().map(Redaction::mask).toList());
        stored.put("notes", notes.stream().map(Redaction::mask).toList());
        return stored;
    }

    /** The summary stored as {@code stored} for an example of {@code kind}. */
    static Manifest fromStored(ManifestKind kind, Map<String, Object> stored) {
        return new Manifest(kind, text(stored.get("file")), strings(stored.get("dependencies")),
                strings(stored.get("scripts")), list(stored.get("entry_points")), list(stored.get("config_steps")),
                list(stored.get("notes")));
    }

    private static Map<String, String> masked(Map<String, String> values) {
        Map<String, String> masked = new LinkedHashMap<>();
        values.forEach((key, value) -> masked.put(key, Redaction.mask(value)));
        return masked;
    }

    private static String text(Object value) {
        return value == null ? "" : value.toString();
    }

    private static Map<String, String> strings(Object value) {
        Map<String, String> strings = new LinkedHashMap<>();
        JsonText.object(value).forEach((key, item) -> strings.put(key, text(item)));
        return strings;
    }

    private static List<String> list(Object value) {
        List<String> list = new ArrayList<>();
        if (value instanceof List<?> items) {
            items.forEach(item -> list.add(text(item)));
        }
        return list;
    }
}
