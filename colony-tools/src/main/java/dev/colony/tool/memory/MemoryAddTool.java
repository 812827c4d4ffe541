package dev.colony.tool.memory;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.colony.api.ColonyException;
import dev.colony.api.Echo;
import dev.colony.api.UserId;
import dev.colony.api.collection.Collections;
import dev.colony.api.memory.AddOutcome;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryLimits;
import dev.colony.api.memory.TaskChecklist;
import dev.colony.api.task.TaskStatus;
import dev.colony.tool.Choices;
import dev.colony.tool.ErrorView;
import dev.colony.tool.Param;
import dev.colony.tool.Size;
import dev.colony.tool.ToolContext;
import dev.colony.tool.ToolSpec;
import dev.colony.tool.signal.SignalShortcut;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;

/**
 * {@code memory_add}: stores one typed memory in the caller's personal namespace or in a collection it may
 * write, attributed to the server's session: free content or a structured task (title, steps, status),
 * with its topics, task and artifact pointers and expiry. Deduplication and the signal shortcut arrive
 * with the rest of the memory tools.
 */
public final class MemoryAddTool {

    /** The arguments. */
    public record Args(
            @Param("The memory, subject first (a task: title and steps instead).")
            @Size(max = MemoryLimits.MAX_CONTENT_CHARS) String content,
            @Param(value = "fact: true now; preference: how the user likes things (topic behavioral: loaded "
                    + "every session); decision: a choice and why; path: where something lives; task, task_done; "
                    + "result: a task's output.", defaultValue = "fact")
            @Choices(TypedKinds.class) String type,
            @Param
            @Size(max = MemoryLimits.MAX_TOPICS) List<String> topics,
            @Param("The project or domain (the repository name).")
            @Size(max = MemoryLimits.MAX_MACRO_TOPICS) List<String> macroTopics,
            @Param("'me' (personal) or a collection to share with; default $COLONY_COLLECTION, else me.")
            @Size(max = Collections.MAX_SLUG_LENGTH) String collection,
            @Param("The task it belongs to (short id).")
            @Size(max = MemoryLimits.MAX_POINTER_CHARS) String ref,
            @Param("A commit SHA or file name it concerns.")
            @Size(max = MemoryLimits.MAX_POINTER_CHARS) String artifact,
            @Param("Expires after " + MemoryLimits.EPHEMERAL_DAYS + " days.") Boolean ephemeral,
            @Param
            @Size(max = 10) String expiresAt,
            @Param("A task's title, one line, with steps.")
            @Size(max = TaskChecklist.MAX_LINE_CHARS) String title,
            @Param("A task's steps, one line each.")
            @Size(max = TaskChecklist.MAX_STEPS) List<String> steps,
            @Param("A task's status (default pending).")
            @Choices(TaskStatuses.class) String status,
            @Param("Then signal this member of the collection (user or agent name); a refused signal leaves "
                    + "the memory stored.")
            @Size(max = UserId.MAX_LENGTH) String signal,
            @Param Boolean force) {
    }

    /** The {@code expires_at} value that clears the expiry. */
    static final String NEVER = "never";

    /** The task statuses, by wire name. */
    public static final class TaskStatuses implements Supplier<List<String>> {
        @Override
        public List<String> get() {
            return Arrays.stream(TaskStatus.values()).map(TaskStatus::wireName).toList();
        }
    }

    /**
     * The stored memory, and the signal sent about it.
     *
     * @param id the new memory's id
     * @param type its type
     * @param ts its creation time (epoch ms)
     * @param version its version, for memory_edit's expected_version
     * @param duplicate true when nothing was stored because this memory (id) already says the same
     * @param score how alike the duplicate is (cosine similarity), when it is one
     * @param signalId the id of the signal sent, when one was asked for and sent
     * @param signalError why the signal asked for was refused (the memory is stored)
     */
    public record Result(long id, String type, long ts, long version,
            @JsonInclude(JsonInclude.Include.NON_NULL) Boolean duplicate,
            @JsonInclude(JsonInclude.Include.NON_NULL) Double score,
            @JsonInclude(JsonInclude.Include.NON_NULL) Long signalId,
            @JsonInclude(JsonInclude.Include.NON_NULL) ErrorView signalError) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.writing("memory_add", "Add a memory",
            "Store one durable memory that your user's agents (or a collection's members) find with search. "
                    + "Write for a reader without your context: subject in the first 50 characters; one fact per "
                    + "memory; present tense, with the reason; no pointers back at this conversation; topic "
                    + "aspirational for what is not yet true. Good: 'Billing retries webhooks 5 times because the "
                    + "provider drops bursts.' Bad: 'We changed the retry thing as discussed.' A task takes title and "
                    + "steps. A memory of the same type saying the same comes back as duplicate: true, unstored (force "
                    + "stores it).",
            Args.class, Result.class, (context, args) -> {
                MemoryDraft draft = draft(args, context.collection(args.collection()));
                SignalShortcut.check(args.signal(), context.collection(args.collection()));
                AddOutcome outcome = Boolean.TRUE.equals(args.force())
                        ? context.memories().addAll(List.of(draft), false).get(0)
                        : context.memories().addUnlessDuplicate(draft);
                if (outcome.refusal() != null) {
                    throw outcome.refusal();
                }
                if (outcome.stored()) {
                    return stored(context, args, outcome);
                }
                Memory existing = outcome.duplicate().existing();
                return new Result(existing.id().value(), existing.kind().name(), existing.createdAt().toEpochMilli(),
                        existing.version(), true, Math.round(outcome.duplicate().score() * 1000) / 1000.0, null, null);
            });

    /** The result for a memory just stored (its version as the insert read it), after the signal asked for. */
    private static Result stored(ToolContext context, Args args, AddOutcome outcome) {
        Memory stored = outcome.memory();
        SignalShortcut signal = SignalShortcut.send(context, args.signal(), context.collection(args.collection()),
                stored.id());
        return new Result(stored.id().value(), stored.kind().name(), stored.createdAt().toEpochMilli(),
                outcome.version(), null, null, signal.signalId(), signal.error());
    }

    /**
     * The memory {@code args} describe, written into {@code collection} (the one named, or the server's
     * default); the library applies the rules of content and task (see {@link MemoryDraft#described}) and counts
     * an ephemeral memory's expiry when it stores it.
     */
    static MemoryDraft draft(Args args, String collection) {
        MemoryDraft draft = MemoryDraft.described(args.type(), args.content(), args.title(), args.steps(),
                args.status()).withTopics(args.topics()).withMacroTopics(args.macroTopics())
                .withPointers(args.ref(), args.artifact()).withCollection(collection);
        if (args.expiresAt() != null) {
            return draft.withExpiresAt(expiryDay(args.expiresAt()));
        }
        return Boolean.TRUE.equals(args.ephemeral()) ? draft.asEphemeral() : draft;
    }

    /** The start (UTC) of the day {@code expiresAt} names, or {@code null} for {@value #NEVER}. */
    static Instant expiryDay(String expiresAt) {
        if (expiresAt.strip().equals(NEVER)) {
            return null;
        }
        try {
            return LocalDate.parse(expiresAt.strip()).atStartOfDay(ZoneOffset.UTC).toInstant();
        } catch (DateTimeParseException e) {
            throw ColonyException.invalid("expires_at", "must be a day YYYY-MM-DD or never, was "
                    + Echo.quoted(expiresAt));
        }
    }

    private MemoryAddTool() {
    }
}
