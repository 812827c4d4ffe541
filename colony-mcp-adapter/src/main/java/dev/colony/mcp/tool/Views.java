package dev.colony.mcp.tool;

import dev.colony.api.memory.Memory;
import dev.colony.api.memory.SearchHit;
import dev.colony.api.memory.TimelineEntry;
import dev.colony.api.session.Session;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JSON shapes the tools return, in one place so that every tool spells a record the same way:
 * snake_case keys, ids as numbers (sessions as strings), times as epoch milliseconds.
 */
final class Views {

    private Views() {
    }

    /** A compact search hit: no body. */
    static Map<String, Object> hit(SearchHit hit) {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("id", hit.id().value());
        view.put("session_id", hit.session().value());
        view.put("kind", hit.kind().name());
        view.put("snippet", hit.snippet());
        view.put("score", Math.round(hit.score() * 10_000d) / 10_000d);
        view.put("ts", millis(hit.ts()));
        view.put("task_id", hit.task() == null ? null : hit.task().value());
        return view;
    }

    /** A full memory; optional parts appear only when set. */
    static Map<String, Object> memory(Memory memory) {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("id", memory.id().value());
        view.put("session_id", memory.session().value());
        view.put("kind", memory.kind().name());
        view.put("ts", millis(memory.createdAt()));
        view.put("content", memory.content());
        view.put("metadata", memory.metadata());
        view.put("topics", memory.topics());
        view.put("task_id", memory.task() == null ? null : memory.task().value());
        view.put("reply_to", memory.replyTo() == null ? null : memory.replyTo().value());
        if (!memory.macroTopics().isEmpty()) {
            view.put("macro_topics", memory.macroTopics());
        }
        if (memory.ref() != null) {
            view.put("ref", memory.ref());
        }
        if (memory.artifact() != null) {
            view.put("artifact", memory.artifact());
        }
        if (!memory.updatedAt().equals(memory.createdAt())) {
            view.put("updated_at", millis(memory.updatedAt()));
        }
        if (memory.expiresAt() != null) {
            view.put("expires_at", millis(memory.expiresAt()));
        }
        if (memory.retracted()) {
            view.put("retracted", true);
        }
        return view;
    }

    /** A compact timeline entry. */
    static Map<String, Object> entry(TimelineEntry entry) {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("id", entry.id().value());
        view.put("kind", entry.kind().name());
        view.put("ts", millis(entry.ts()));
        return view;
    }

    /** Compact timeline entries, in the given order. */
    static List<Map<String, Object>> entries(List<TimelineEntry> entries) {
        return entries.stream().map(Views::entry).toList();
    }

    /** A session. */
    static Map<String, Object> session(Session session) {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("id", session.id().value());
        view.put("agent", session.agent());
        view.put("ide", session.ide());
        view.put("cwd", session.cwd());
        view.put("started_at", millis(session.startedAt()));
        view.put("ended_at", millis(session.endedAt()));
        return view;
    }

    static Long millis(Instant instant) {
        return instant == null ? null : instant.toEpochMilli();
    }
}
