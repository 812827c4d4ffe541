package dev.colony.api.example;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A deterministic plan for bringing a foraged example into its repository, derived from the example's stored
 * manifest and a fresh read of the target's build file; no model is asked.
 *
 * @param exampleName the example
 * @param dependencyDelta what the target's build file lacks of the example's dependencies
 * @param filesToCopy the example's entry points and where they could go
 * @param configSteps commands the example's build expects
 * @param uncertaintyNotes everything the plan guessed or could not read
 */
public record IntegrationPlan(String exampleName, DependencyDelta dependencyDelta, List<FileToCopy> filesToCopy,
        List<String> configSteps, List<String> uncertaintyNotes) {

    /** Copies the lists. */
    public IntegrationPlan {
        Objects.requireNonNull(exampleName, "exampleName");
        Objects.requireNonNull(dependencyDelta, "dependencyDelta");
        filesToCopy = List.copyOf(filesToCopy);
        configSteps = List.copyOf(configSteps);
        uncertaintyNotes = List.copyOf(uncertaintyNotes);
    }

    /**
     * The dependency change. For Maven and Gradle a name is {@code groupId:artifactId}; elsewhere the package name.
     *
     * @param add name to version, for each dependency of the example the target lacks or declares at another
     *     version, in name order
     * @param remove the target's declarations that an added version replaces, in name order
     */
    public record DependencyDelta(Map<String, String> add, List<String> remove) {

        /** Copies the map (keeping its order) and the list. */
        public DependencyDelta {
            add = Collections.unmodifiableMap(new LinkedHashMap<>(add));
            remove = List.copyOf(remove);
        }
    }

    /**
     * A file worth copying.
     *
     * @param from its path relative to the repository root
     * @param toSuggestion where it could go in the target, relative to the repository root
     * @param rationale why it is listed
     */
    public record FileToCopy(String from, String toSuggestion, String rationale) {

        /** Checks the components. */
        public FileToCopy {
            Objects.requireNonNull(from, "from");
            Objects.requireNonNull(toSuggestion, "toSuggestion");
            Objects.requireNonNull(rationale, "rationale");
        }
    }
}
