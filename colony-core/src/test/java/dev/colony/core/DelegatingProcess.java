package dev.colony.core;

import dev.colony.api.ColonyException;
import dev.colony.api.run.RunSettings;
import dev.colony.api.run.RunSpec;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A JVM that opens a Colony declaring a delegation policy, as a server started with {@code COLONY_MEMBERS} does,
 * has its {@code claude} agent delegate to {@code codex}, and writes what happened: {@code spawned} or
 * {@code refused <code>}.
 */
final class DelegatingProcess {

    private DelegatingProcess() {
    }

    /**
     * The child JVM.
     *
     * @param args store, policy ({@code agent=member,member;agent=member}), outcome file
     */
    public static void main(String[] args) throws Exception {
        String outcome;
        try (Colony colony = Colony.builder().storage(ClaimRaceProcess.open(args[0]))
                .runs(RunSettings.defaults().withMembers(policy(args[1]))).build()) {
            ColonyTestSupport.as(colony, "alice", "claude-code").runs().spawn(RunSpec.agent("codex", "review"));
            outcome = "spawned";
        } catch (ColonyException e) {
            outcome = "refused " + e.code().id() + " " + e.getMessage();
        }
        Files.writeString(Path.of(args[2]), outcome, StandardCharsets.UTF_8);
    }

    /** {@code agent=member,member;agent=member} as a policy. */
    static Map<String, Set<String>> policy(String text) {
        Map<String, Set<String>> policy = new TreeMap<>();
        for (String entry : text.split(";")) {
            String[] sides = entry.split("=", 2);
            policy.put(sides[0], Set.of(sides[1].split(",")));
        }
        return policy;
    }
}
