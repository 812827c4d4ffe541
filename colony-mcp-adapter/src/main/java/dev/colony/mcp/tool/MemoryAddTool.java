package dev.colony.mcp.tool;

import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.MemoryLimits;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code memory_add}: stores one typed memory in the caller's personal namespace, attributed to the
 * server's session. This is the minimal form (content, type, topics, macro topics); pointers,
 * collections, expiry and structured tasks arrive with the rest of the memory tools.
 */
public final class MemoryAddTool implements ColonyTool {

    /** The type used when a call names none. */
    static final String DEFAULT_TYPE = "fact";

    private static final InputSchema SCHEMA = InputSchema.object()
            .string("content", true, MemoryLimits.MAX_CONTENT_CHARS,
                    "The memory itself, readable with zero context. Its first 50 characters are the preview "
                            + "other agents see: name the subject and state the point there, then add the "
                            + "reason. One fact, present tense, no references to 'this conversation'.")
            .choice("type", false, MemoryKind.TYPED.stream().map(MemoryKind::name).toList(), DEFAULT_TYPE,
                    "What kind of knowledge it is. fact: true now (the default). preference: how the user "
                            + "likes things done. decision: a choice and why it was made. path: the location of a "
                            + "file, service or resource plus what it holds. task: work still to do. task_done: finished work. result: "
                            + "output produced for a task (ranked below the others in search).")
            .strings("topics", false, MemoryLimits.MAX_TOPICS,
                    "Search keywords: the words someone would type to find this, as single lowercase words "
                            + "(e.g. redis, auth, migrations). At most " + MemoryLimits.MAX_TOPICS + ".")
            .strings("macro_topics", false, MemoryLimits.MAX_MACRO_TOPICS,
                    "The project or domain it belongs to, one to " + MemoryLimits.MAX_MACRO_TOPICS
                            + " names (the repository name, or the main technology when there is no project). "
                            + "Do not repeat them in topics.");

    @Override
    public String name() {
        return "memory_add";
    }

    @Override
    public String description() {
        return "Store one durable memory that every agent of your user can find later with search. Write it "
                + "for a reader in six months who has none of your context:\n"
                + "- The first 50 characters are the subject line shown in previews: name the subject there.\n"
                + "- One fact per memory; split compound notes so each is found by its own query.\n"
                + "- Present tense, describing how things are now, with the reason.\n"
                + "- Self-contained: no 'as discussed', no pronouns pointing back at the conversation.\n"
                + "- Mark anything not yet true (a plan, an untested idea) with the topic aspirational.\n"
                + "Good: 'Billing service retries webhooks 5 times because the provider drops bursts.' "
                + "Bad: 'We changed the retry thing like we said.' "
                + "Put keywords in topics, not in the content. Returns the new id, type and ts (epoch ms).";
    }

    @Override
    public InputSchema schema() {
        return SCHEMA;
    }

    @Override
    public boolean readOnly() {
        return false;
    }

    @Override
    public Object call(ToolContext context, Arguments arguments) {
        String content = arguments.requiredString("content");
        String typeName = arguments.has("type") ? arguments.optionalString("type") : DEFAULT_TYPE;
        MemoryKind type = MemoryKind.typed("type", typeName);
        List<String> topics = arguments.optionalStrings("topics", MemoryLimits.MAX_TOPICS);
        List<String> macroTopics = arguments.optionalStrings("macro_topics", MemoryLimits.MAX_MACRO_TOPICS);
        Memory stored = context.memories().add(MemoryDraft.of(type, content).withTopics(topics)
                .withMacroTopics(macroTopics));
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("id", stored.id().value());
        result.put("type", stored.kind().name());
        result.put("ts", stored.createdAt().toEpochMilli());
        return result;
    }
}
