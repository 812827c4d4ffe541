package dev.colony.mcp.tool.memory;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.colony.api.ColonyException;
import dev.colony.api.Echo;
import dev.colony.api.UserId;
import dev.colony.api.collection.Collections;
import dev.colony.api.memory.AddOutcome;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.MemoryLimits;
import dev.colony.api.memory.TaskChecklist;
import dev.colony.api.task.TaskStatus;
import dev.colony.mcp.tool.Choices;
import dev.colony.mcp.tool.ErrorView;
import dev.colony.mcp.tool.Param;
import dev.colony.mcp.tool.Size;
import dev.colony.mcp.tool.ToolContext;
import dev.colony.mcp.tool.ToolSpec;
import dev.colony.mcp.tool.signal.SignalShortcut;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
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
            @Param("The memory, subject first; required unless title and steps make a task.")
            @Size(max = MemoryLimits.MAX_CONTENT_CHARS) String content,
            @Param(value = "fact: true now; preference: how the user likes things (first topic user; "
                    + "behavioral loads it every session); decision: a choice and why; path: where "
                    + "something lives; task / task_done: work to do / done; result: a task's output "
                    + "(ranked lower).", defaultValue = "fact")
            @Choices(TypedKinds.class) String type,
            @Param("Search keywords, each one lowercase word (redis, auth).")
            @Size(max = MemoryLimits.MAX_TOPICS) List<String> topics,
            @Param("The project or domain (the repository name); not repeated in topics.")
            @Size(max = MemoryLimits.MAX_MACRO_TOPICS) List<String> macroTopics,
            @Param("'me' (personal) or a collection to share with; default COLONY_COLLECTION, else "
                    + "personal.")
            @Size(max = Collections.MAX_SLUG_LENGTH) String collection,
            @Param("The short id of the task it belongs to; joins the topics.")
            @Size(max = MemoryLimits.MAX_POINTER_CHARS) String ref,
            @Param("A commit SHA or file name it concerns; joins the topics.")
            @Size(max = MemoryLimits.MAX_POINTER_CHARS) String artifact,
            @Param("true: expires after " + MemoryLimits.EPHEMERAL_DAYS + " days (expires_at wins).") Boolean ephemeral,
            @Param("The day it expires, YYYY-MM-DD (UTC), or never.")
            @Size(max = 10) String expiresAt,
            @Param("A task's title, one line; give steps with it.")
            @Size(max = TaskChecklist.MAX_LINE_CHARS) String title,
            @Param("A task's milestone steps, one line each.")
            @Size(max = TaskChecklist.MAX_STEPS) List<String> steps,
            @Param("A task's status (default pending); done stores task_done.")
            @Choices(TaskStatuses.class) String status,
            @Param("Then signal this member of the collection (user or agent name); needs collection. A "
                    + "refused signal leaves the memory stored (signal_error).")
            @Size(max = UserId.MAX_LENGTH) String signal,
            @Param("true: store even if a memory already says the same.") Boolean force) {
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
            "Store one durable memory that every agent of your user (or a collection's members) finds with "
                    + "search. Write it for a reader with none of your context: name the subject in the "
                    + "first 50 characters (the preview); one fact per memory; present tense, with the "
                    + "reason; no pointers back at this conversation; mark what is not yet true with the "
                    + "topic aspirational. Good: 'Billing retries webhooks 5 times because the provider "
                    + "drops bursts.' Bad: 'We changed the retry thing as discussed.' Keywords go in "
                    + "topics. For a task give title and steps (at most 500 tokens) instead of content. If a "
                    + "memory of the same type already says the same, it comes back with duplicate: true and "
                    + "nothing is stored (force: true stores anyway).",
            Args.class, Result.class, (context, args) -> {
                MemoryDraft draft = draft(args, context.collection(args.collection()),
                        context.colony().clock().instant());
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
                        context.memories().versions(List.of(existing.id())).get(existing.id()), true,
                        Math.round(outcome.duplicate().score() * 1000) / 1000.0, null, null);
            });

    /** The result for a memory just stored (its version as the insert read it), after the signal asked for. */
    private static Result stored(ToolContext context, Args args, AddOutcome outcome) {
        Memory stored = outcome.memory();
        SignalShortcut signal = SignalShortcut.send(context, args.signal(), context.collection(args.collection()),
                stored.id());
        return new Result(stored.id().value(), stored.kind().name(), stored.createdAt().toEpochMilli(),
                outcome.version(), null, null, signal.signalId(), signal.error());
    }

    /** The types a structured task may name: the default one, or a task's (its status decides which). */
    private static final Set<MemoryKind> STRUCTURED_TYPES = Set.of(MemoryKind.FACT, MemoryKind.TASK,
            MemoryKind.TASK_DONE);

    /**
     * The memory {@code args} describe, written into {@code collection} (the one named, or the server's
     * default), expiring as they say counted from {@code now}.
     */
    static MemoryDraft draft(Args args, String collection, Instant now) {
        return content(args).withTopics(args.topics()).withMacroTopics(args.macroTopics())
                .withPointers(args.ref(), args.artifact()).withCollection(collection)
                .withExpiresAt(expiry(args, now));
    }

    /** The content as given, or the task that title, steps and status describe. */
    private static MemoryDraft content(Args args) {
        boolean structured = args.title() != null || !args.steps().isEmpty() || args.status() != null;
        MemoryKind type = MemoryKind.typed("type", args.type());
        if (!structured) {
            if (args.content() == null) {
                throw ColonyException.invalid("content", "is required, unless title and steps describe a task");
            }
            return MemoryDraft.of(type, args.content());
        }
        if (args.content() != null) {
            throw ColonyException.invalid("content", "give either content, or title and steps for a task, not both");
        }
        if (!STRUCTURED_TYPES.contains(type)) {
            throw ColonyException.invalid("type", "title and steps make a task, was " + Echo.quoted(args.type()));
        }
        if (args.title() == null) {
            throw ColonyException.invalid("title", "is required with steps or status");
        }
        TaskStatus status = args.status() == null ? TaskStatus.PENDING : TaskStatus.fromWire(args.status());
        return MemoryDraft.task(TaskChecklist.of(args.title(), args.steps(), status));
    }

    /** When the memory expires: expires_at's day, never, or ephemeral's 90 days from {@code now}. */
    private static Instant expiry(Args args, Instant now) {
        if (args.expiresAt() != null) {
            return expiryDay(args.expiresAt());
        }
        return Boolean.TRUE.equals(args.ephemeral()) ? now.plus(Duration.ofDays(MemoryLimits.EPHEMERAL_DAYS)) : null;
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
