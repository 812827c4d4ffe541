package dev.colony.tool;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Parameters that mean the same in every tool that takes them, explained once in the server's instructions
 * instead of in each tool's schema: every agent pays for each published character in every conversation, and a
 * meaning repeated in thirty schemas teaches nothing the first time did not.
 *
 * <p>A component declares itself one of these with an empty {@link Param#value()}; {@link ArgumentSchema} accepts
 * an empty description only for a name listed here, and publishes that parameter without a description. A
 * parameter whose meaning differs in its tool (a filter that narrows differently, an id with its own origin) keeps
 * its own description. A meaning names no tool, since a server may not mount it.
 */
public final class SharedParams {

    private static final Map<String, String> MEANINGS = meanings();

    private SharedParams() {
    }

    private static Map<String, String> meanings() {
        Map<String, String> meanings = new LinkedHashMap<>();
        meanings.put("task_id", "a task thread's id, or in the run tools a run's");
        meanings.put("repo_root", "a repository root (absolute); in a query, only its entries");
        meanings.put("repo_roots", "more roots, with repo_root");
        meanings.put("branch", "a branch of it, likewise");
        meanings.put("limit", "the most entries returned");
        meanings.put("expected_version", "the version you read (a newer one fails with VERSION_CONFLICT)");
        meanings.put("plan_slug", "a plan's slug");
        meanings.put("subtask_index", "a sub-task, from 0");
        meanings.put("file_path", "a file, relative to the repository root or absolute inside it");
        meanings.put("handoff_observation_id", "a handoff's id (a baton), from the inbox");
        meanings.put("relay_observation_id", "a relay's id, from the inbox");
        meanings.put("message_observation_id", "a message's id");
        meanings.put("around_id", "the memory to centre the window on");
        meanings.put("parent_id", "the run a run serves");
        meanings.put("to_agent", "an agent name or type (claude, codex), or any: the first to take it");
        meanings.put("topics", "keywords it is found by, one lowercase word each (redis, auth)");
        meanings.put("expires_at", "the day it expires, YYYY-MM-DD (UTC), or never");
        meanings.put("force", "store even if a memory says the same");
        meanings.put("stranded_after_minutes", "the silence that makes a session stranded");
        return Collections.unmodifiableMap(meanings);
    }

    /** Whether {@code name} is a shared parameter, which a component may leave undescribed. */
    public static boolean isShared(String name) {
        return MEANINGS.containsKey(name);
    }

    /**
     * The sentence of the instructions that explains the shared parameters among {@code used}, in a fixed order;
     * empty when none is used.
     */
    public static String explain(Collection<String> used) {
        Set<String> names = Set.copyOf(used);
        List<String> parts = new ArrayList<>();
        MEANINGS.forEach((name, meaning) -> {
            if (names.contains(name)) {
                parts.add(name + ": " + meaning);
            }
        });
        return parts.isEmpty() ? "" : "Parameters left undescribed mean the same in every tool: "
                + String.join("; ", parts) + ".";
    }
}
