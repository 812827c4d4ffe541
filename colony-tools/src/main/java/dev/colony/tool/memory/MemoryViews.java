package dev.colony.tool.memory;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.SearchHit;
import dev.colony.api.memory.TaskChecklist;
import dev.colony.api.memory.TimelineEntry;
import dev.colony.api.session.Session;
import dev.colony.tool.Nullable;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * The records the memory tools return, in one place so that every tool spells a memory, a session and
 * a timeline entry the same way: ids as numbers (sessions as strings), the memory's kind as
 * {@code type} (the word {@code memory_add} and {@code search} use), times as epoch milliseconds.
 */
public final class MemoryViews {

    private MemoryViews() {
    }

    /**
     * A compact search hit, without the body. {@code rank} is the hit's position (1 is best): raw
     * relevance scores are not shown, since they depend on word statistics of the whole store.
     */
    public record Hit(long id, String sessionId, String type, String snippet, int rank, long ts,
            @Nullable Long taskId) {

        /** The hit at position {@code rank}. */
        public static Hit of(SearchHit hit, int rank) {
            return new Hit(hit.id().value(), hit.session().value(), hit.kind().name(), hit.snippet(), rank,
                    hit.ts().toEpochMilli(), hit.task() == null ? null : hit.task().value());
        }
    }

    /** A task's checklist progress as the tools show it: {@code [done, total]}. */
    static List<Integer> progress(TaskChecklist checklist) {
        return List.of(checklist.done(), checklist.steps().size());
    }

    /** A whole memory; the optional parts appear only when set. */
    record Observation(long id, String sessionId, String type, long ts, String content, Map<String, Object> metadata,
            List<String> topics, @Nullable Long taskId, @Nullable Long replyTo,
            @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> macroTopics,
            @JsonInclude(JsonInclude.Include.NON_NULL) String ref,
            @JsonInclude(JsonInclude.Include.NON_NULL) String artifact,
            @JsonInclude(JsonInclude.Include.NON_NULL) Long updatedAt,
            @JsonInclude(JsonInclude.Include.NON_NULL) Long expiresAt,
            @JsonInclude(JsonInclude.Include.NON_NULL) Boolean retracted,
            @JsonInclude(JsonInclude.Include.NON_NULL) Long version) {

        static Observation of(Memory memory) {
            return of(memory, null);
        }

        /** The whole memory with its version, for a reader that may edit it next. */
        static Observation of(Memory memory, Long version) {
            return new Observation(memory.id().value(), memory.session().value(), memory.kind().name(),
                    memory.createdAt().toEpochMilli(), memory.content(), memory.metadata(), memory.topics(),
                    memory.task() == null ? null : memory.task().value(),
                    memory.replyTo() == null ? null : memory.replyTo().value(),
                    memory.macroTopics(), memory.ref(), memory.artifact(),
                    memory.updatedAt().equals(memory.createdAt()) ? null : memory.updatedAt().toEpochMilli(),
                    millis(memory.expiresAt()), memory.retracted() ? Boolean.TRUE : null, version);
        }
    }

    /** A compact timeline entry. */
    record Entry(long id, String type, long ts) {

        static Entry of(TimelineEntry entry) {
            return new Entry(entry.id().value(), entry.kind().name(), entry.ts().toEpochMilli());
        }

        static List<Entry> all(List<TimelineEntry> entries) {
            return entries.stream().map(Entry::of).toList();
        }
    }

    /** A session. */
    record SessionView(String id, String agent, @Nullable String ide, @Nullable String cwd, long startedAt,
            @Nullable Long endedAt) {

        static SessionView of(Session session) {
            return new SessionView(session.id().value(), session.agent(), session.ide(), session.cwd(),
                    session.startedAt().toEpochMilli(), millis(session.endedAt()));
        }
    }

    static Long millis(Instant instant) {
        return instant == null ? null : instant.toEpochMilli();
    }
}
