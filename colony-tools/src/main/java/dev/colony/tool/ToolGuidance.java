package dev.colony.tool;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a model should know before it uses Colony's tools, said once for all of them rather than in every
 * description: the MCP server sends it as its {@code initialize} instructions, and an in-process agent puts it in
 * its system message ({@link InProcessTools#guidance()}).
 */
public final class ToolGuidance {

    /**
     * How the model should use the tools, in parts: a part is sent only when every tool it names is mounted, so
     * that a server with some toolsets does not point the model at tools it lacks.
     */
    private static final List<String> GUIDANCE = List.of(
            "Colony is memory shared by every agent session of your user.",
            "Search first with specific terms (component names, file paths, exact errors), read only the ids "
            + "you pick with get_observations, walk a known session with list_sessions and timeline, and "
            + "store durable, self-contained knowledge with memory_add.",
            "Sessions on the same repository and "
            + "branch share a task thread (task_thread opens it; the server joins its own at start): post "
            + "decisions, blockers and warnings with task_post, save working state with task_note_working, and "
            + "check task_updates_since after being away. To ask or tell another agent something on a thread, use "
            + "task_message; task_messages lists what is addressed to you.",
            "Every tool acts as this server's session and agent; only a parameter that names another (a filter, the "
            + "session to read, the agent to delegate to) takes one. Times are epoch milliseconds. A refused call "
            + "answers {code, error, field}. A result cut to fit says so in budget {items_available, items_returned, "
            + "collapsed_count, estimated_tokens_returned, hydrate_with, why_collapsed}.",
            "Results are compact: read bodies with get_observations.");

    /** A snake_case word, which may be a tool name. */
    private static final Pattern WORD = Pattern.compile("[a-z][a-z0-9_]*");

    private ToolGuidance() {
    }

    /**
     * How the model should use {@code mounted}: the parts of the guidance that name no tool outside
     * {@code mounted}, then what the parameters the schemas leave undescribed mean.
     */
    public static String of(List<? extends ToolSpec<?, ?>> mounted) {
        Set<String> known = new HashSet<>();
        Toolset.tools(EnumSet.allOf(Toolset.class), true).forEach(spec -> known.add(spec.name()));
        Toolset.tools(EnumSet.allOf(Toolset.class), false).forEach(spec -> known.add(spec.name()));
        Set<String> names = new HashSet<>();
        mounted.forEach(spec -> names.add(spec.name()));
        List<String> parts = new ArrayList<>();
        for (String part : GUIDANCE) {
            Matcher words = WORD.matcher(part);
            boolean usable = true;
            while (usable && words.find()) {
                usable = !known.contains(words.group()) || names.contains(words.group());
            }
            if (usable) {
                parts.add(part);
            }
        }
        Set<String> undescribed = new TreeSet<>();
        for (ToolSpec<?, ?> spec : mounted) {
            spec.arguments().schema().get("properties").properties().forEach(property -> {
                if (!property.getValue().has("description")) {
                    undescribed.add(property.getKey());
                }
            });
        }
        String shared = SharedParams.explain(undescribed);
        if (!shared.isEmpty()) {
            parts.add(shared);
        }
        return String.join(" ", parts);
    }
}
