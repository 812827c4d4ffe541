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
            @Param("The memory itself, readable with zero context. Its first 50 characters are the preview other "
                    + "agents see: name the subject and state the point there, then add the reason. One fact, "
                    + "present tense, no references to 'this conversation'. Required, unless title and steps "
                    + "describe a task.")
            @Size(max = MemoryLimits.MAX_CONTENT_CHARS) String content,
            @Param(value = "What kind of knowledge it is. fact: true now. preference: how the user likes "
                    + "things done; its first topic must be user (add behavioral to load it every session). "
                    + "decision: a choice and why it was made. path: the location of a file, service or resource "
                    + "plus what it holds. task: work still to do. task_done: finished work. result: output "
                    + "produced for a task (ranked below the others in search). With title and steps it is "
                    + "task.", defaultValue = "fact")
            @Choices(TypedKinds.class) String type,
            @Param("Search keywords: the words someone would type to find this, each one lowercase word without "
                    + "spaces, hyphens or underscores (e.g. redis, auth, migrations).")
            @Size(max = MemoryLimits.MAX_TOPICS) List<String> topics,
            @Param("The project or domain it belongs to (the repository name, or the main technology when there "
                    + "is no project). Do not repeat them in topics.")
            @Size(max = MemoryLimits.MAX_MACRO_TOPICS) List<String> macroTopics,
            @Param("Where to store it: 'me' for your personal namespace; the name of a collection to share it "
                    + "with that collection's members (you must be allowed to write there). Omitted: the server's "
                    + "default collection if one is set (COLONY_COLLECTION), else your personal namespace.")
            @Size(max = Collections.MAX_SLUG_LENGTH) String collection,
            @Param("The short id of the task this finding belongs to; added to the topics, so that searching for "
                    + "it finds the task and its findings together.")
            @Size(max = MemoryLimits.MAX_POINTER_CHARS) String ref,
            @Param("Where the work lives: a commit SHA or a file name; added to the topics.")
            @Size(max = MemoryLimits.MAX_POINTER_CHARS) String artifact,
            @Param("true: the memory expires after " + MemoryLimits.EPHEMERAL_DAYS + " days (a sprint goal, a "
                    + "temporary workaround). expires_at overrides it.") Boolean ephemeral,
            @Param("The day it expires, YYYY-MM-DD (at 00:00 UTC), or never.")
            @Size(max = 10) String expiresAt,
            @Param("A task instead of content: its title (one line). Give steps with it.")
            @Size(max = TaskChecklist.MAX_LINE_CHARS) String title,
            @Param("The task's milestone steps, each one line; they become a checklist to tick off.")
            @Size(max = TaskChecklist.MAX_STEPS) List<String> steps,
            @Param("The task's status (default pending); done stores it as task_done.")
            @Choices(TaskStatuses.class) String status,
            @Param("After storing, signal this member of the collection (a user name, or an agent name one "
                    + "member runs) to look at the new memory. Needs collection. If the signal is refused, the "
                    + "memory stays stored and signal_error says why.")
            @Size(max = UserId.MAX_LENGTH) String signal,
            @Param("true: store it even if a memory of the same type in the same place already says the same. "
                    + "Otherwise such a memory is returned instead (duplicate: true, with its score) and nothing "
                    + "is stored.") Boolean force) {
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
            "Store one durable memory that every agent of your user (or, in a collection, every member) can "
                    + "find later with search. Write it for a reader in six months who has none of your context:\n"
                    + "- The first 50 characters are the subject line shown in previews: name the subject there.\n"
                    + "- One fact per memory; split compound notes so each is found by its own query.\n"
                    + "- Present tense, describing how things are now, with the reason.\n"
                    + "- Self-contained: no 'as discussed', no pronouns pointing back at the conversation.\n"
                    + "- Mark anything not yet true (a plan, an untested idea) with the topic aspirational.\n"
                    + "Good: 'Billing service retries webhooks 5 times because the provider drops bursts.' "
                    + "Bad: 'We changed the retry thing like we said.' "
                    + "Put keywords in topics, not in the content. For a task, give title and steps (at most 10 "
                    + "milestones; a task holds at most 500 tokens) instead of content. If a memory of the same type "
                    + "already says the same, nothing is stored and that memory comes back with duplicate: true "
                    + "(force: true stores anyway). Returns the id, type, ts (epoch ms) and version.",
            Args.class, Result.class, (context, args) -> {
                MemoryDraft draft = draft(args, context.collection(args.collection()),
                        context.colony().clock().instant());
                SignalShortcut.check(args.signal(), context.collection(args.collection()));
                if (Boolean.TRUE.equals(args.force())) {
                    return stored(context, args, context.memories().add(draft));
                }
                AddOutcome outcome = context.memories().addUnlessDuplicate(draft);
                if (outcome.stored()) {
                    return stored(context, args, outcome.memory());
                }
                Memory existing = outcome.duplicate().existing();
                return new Result(existing.id().value(), existing.kind().name(), existing.createdAt().toEpochMilli(),
                        context.memories().versions(List.of(existing.id())).get(existing.id()), true,
                        Math.round(outcome.duplicate().score() * 1000) / 1000.0, null, null);
            });

    /** The result for a memory just stored, after the signal asked for. */
    private static Result stored(ToolContext context, Args args, Memory stored) {
        SignalShortcut signal = SignalShortcut.send(context, args.signal(), context.collection(args.collection()),
                stored.id());
        long version = context.memories().versions(List.of(stored.id())).get(stored.id());
        return new Result(stored.id().value(), stored.kind().name(), stored.createdAt().toEpochMilli(), version,
                null, null, signal.signalId(), signal.error());
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
