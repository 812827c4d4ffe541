package dev.colony.tool.profile;

import dev.colony.api.profile.AgentProfile;
import dev.colony.tool.Between;
import dev.colony.tool.Param;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The capability weights as the profile tools take and return them. */
public final class ProfileArgs {

    /** The standard kinds of work, each a weight from 0 to 1. */
    public record Capabilities(
            @Param("Front-end and UI work.") @Between(min = 0, max = 1) Double uiWork,
            @Param("APIs and back-end logic.") @Between(min = 0, max = 1) Double apiWork,
            @Param("Tests and verification.") @Between(min = 0, max = 1) Double testWork,
            @Param("Build, deployment, infrastructure.") @Between(min = 0, max = 1) Double infraWork,
            @Param("Documentation work.") @Between(min = 0, max = 1) Double docWork) {

        /** The weights given, by kind of work. */
        Map<String, Double> given() {
            Map<String, Double> weights = new LinkedHashMap<>();
            put(weights, "ui_work", uiWork);
            put(weights, "api_work", apiWork);
            put(weights, "test_work", testWork);
            put(weights, "infra_work", infraWork);
            put(weights, "doc_work", docWork);
            return weights;
        }

        private static void put(Map<String, Double> weights, String name, Double weight) {
            if (weight != null) {
                weights.put(name, weight);
            }
        }

        static Capabilities of(AgentProfile profile) {
            return new Capabilities(profile.weight("ui_work"), profile.weight("api_work"), profile.weight("test_work"),
                    profile.weight("infra_work"), profile.weight("doc_work"));
        }
    }

    /**
     * A profile.
     *
     * @param agent the agent type
     * @param capabilities its weights
     * @param defaults the kinds still at the default weight (0.5)
     */
    public record Profile(String agent, Capabilities capabilities, List<String> defaults) {

        static Profile of(AgentProfile profile) {
            return new Profile(profile.agent(), Capabilities.of(profile), profile.defaults());
        }
    }

    private ProfileArgs() {
    }
}
