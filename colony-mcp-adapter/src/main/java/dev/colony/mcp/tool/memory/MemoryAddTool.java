package dev.colony.mcp.tool.memory;

import dev.colony.api.collection.Collections;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.MemoryLimits;
import dev.colony.mcp.tool.Choices;
import dev.colony.mcp.tool.Param;
import dev.colony.mcp.tool.Size;
import dev.colony.mcp.tool.ToolSpec;
import java.util.List;

/**
 * {@code memory_add}: stores one typed memory in the caller's personal namespace or in a collection it may
 * write, attributed to the server's session. Pointers, expiry, deduplication and structured tasks arrive
 * with the rest of the memory tools.
 */
public final class MemoryAddTool {

    /** The arguments. */
    public record Args(
            @Param(value = "The memory itself, readable with zero context. Its first 50 characters are the preview "
                    + "other agents see: name the subject and state the point there, then add the reason. One "
                    + "fact, present tense, no references to 'this conversation'.", required = true)
            @Size(max = MemoryLimits.MAX_CONTENT_CHARS) String content,
            @Param(value = "What kind of knowledge it is. fact: true now. preference: how the user likes things "
                    + "done. decision: a choice and why it was made. path: the location of a file, service or "
                    + "resource plus what it holds. task: work still to do. task_done: finished work. result: "
                    + "output produced for a task (ranked below the others in search).", defaultValue = "fact")
            @Choices(TypedKinds.class) String type,
            @Param("Search keywords: the words someone would type to find this, as single lowercase words "
                    + "(e.g. redis, auth, migrations).")
            @Size(max = MemoryLimits.MAX_TOPICS) List<String> topics,
            @Param("The project or domain it belongs to (the repository name, or the main technology when there "
                    + "is no project). Do not repeat them in topics.")
            @Size(max = MemoryLimits.MAX_MACRO_TOPICS) List<String> macroTopics,
            @Param("Where to store it: omitted or 'me' for your personal namespace; the name of a collection to "
                    + "share it with that collection's members (you must be allowed to write there).")
            @Size(max = Collections.MAX_SLUG_LENGTH) String collection) {
    }

    /** The stored memory's id, type and creation time (epoch ms). */
    public record Result(long id, String type, long ts) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.writing("memory_add", "Add a memory",
            "Store one durable memory that every agent of your user (or, in a collection, every member) can "
                    + "find later with search. Write it "
                    + "for a reader in six months who has none of your context:\n"
                    + "- The first 50 characters are the subject line shown in previews: name the subject there.\n"
                    + "- One fact per memory; split compound notes so each is found by its own query.\n"
                    + "- Present tense, describing how things are now, with the reason.\n"
                    + "- Self-contained: no 'as discussed', no pronouns pointing back at the conversation.\n"
                    + "- Mark anything not yet true (a plan, an untested idea) with the topic aspirational.\n"
                    + "Good: 'Billing service retries webhooks 5 times because the provider drops bursts.' "
                    + "Bad: 'We changed the retry thing like we said.' "
                    + "Put keywords in topics, not in the content. Returns the new id, type and ts (epoch ms).",
            Args.class, Result.class, (context, args) -> {
                MemoryKind type = MemoryKind.typed("type", args.type());
                Memory stored = context.memories().add(MemoryDraft.of(type, args.content())
                        .withTopics(args.topics()).withMacroTopics(args.macroTopics())
                        .withCollection(args.collection()));
                return new Result(stored.id().value(), stored.kind().name(), stored.createdAt().toEpochMilli());
            });

    private MemoryAddTool() {
    }
}
