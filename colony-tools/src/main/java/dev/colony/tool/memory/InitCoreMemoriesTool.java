package dev.colony.tool.memory;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.colony.api.Previews;
import dev.colony.api.briefing.CoreMemories;
import dev.colony.api.briefing.TopicLandscape;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryLimits;
import dev.colony.tool.Param;
import dev.colony.tool.Size;
import dev.colony.tool.ToolSpec;
import dev.colony.tool.signal.SignalView;
import dev.colony.tool.task.TaskFeedTool;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code init_core_memories}: the briefing a session loads first. Pending signals are shown and left
 * pending, since many sessions that call it will not act on them.
 */
public final class InitCoreMemoriesTool {

    /** The longest preference shown; behavioral preferences are short rules. */
    static final int MAX_PREFERENCE_CHARS = 400;

    /** The arguments. */
    public record Args(
            @Param("What this session is about: the best few memories come along.")
            @Size(max = MemoryLimits.MAX_QUERY_CHARS) String query) {
    }

    /**
     * A behavioral preference.
     *
     * @param id its id
     * @param content the rule, cut at {@value #MAX_PREFERENCE_CHARS} characters
     */
    public record Preference(long id, String content) {

        static Preference of(Memory memory) {
            return new Preference(memory.id().value(), Previews.clip(memory.content(), MAX_PREFERENCE_CHARS));
        }
    }

    /**
     * The pending signals, peeked at.
     *
     * @param pending how many are pending in all
     * @param signals the newest of them
     */
    public record Signals(int pending, List<SignalView> signals) {
    }

    /**
     * The briefing.
     *
     * @param behavioral how the user wants things done: follow these
     * @param landscape what the memory is about
     * @param activeTasks tasks not done, latest change first
     * @param signals pending signals (still pending after this call)
     * @param hits the best memories for the query, when one was given
     * @param next what to do next
     */
    public record Result(
            List<Preference> behavioral,
            TopicLandscape landscape,
            List<TaskFeedTool.Entry> activeTasks,
            Signals signals,
            @JsonInclude(JsonInclude.Include.NON_EMPTY) List<MemoryViews.Hit> hits,
            String next) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.reading("init_core_memories", "Load core memories",
            "Call once at the start of a session: the user's behavioral preferences (follow them), the "
                    + "memory's topics and types, your open tasks and pending signals.",
            Args.class, Result.class, (context, args) -> {
                CoreMemories core = context.colony().as(context.actor()).briefing().coreMemories(args.query());
                List<MemoryViews.Hit> hits = new ArrayList<>();
                for (int i = 0; i < core.hits().size(); i++) {
                    hits.add(MemoryViews.Hit.of(core.hits().get(i), i + 1));
                }
                return new Result(core.behavioral().stream().map(Preference::of).toList(), core.landscape(),
                        core.activeTasks().stream().map(TaskFeedTool.Entry::of).toList(),
                        new Signals(core.signals().pending(), core.signals().signals().stream()
                                .map(SignalView::of).toList()),
                        hits, next(core));
            });

    private InitCoreMemoriesTool() {
    }

    private static String next(CoreMemories core) {
        if (core.signals().pending() > 0) {
            return "Signals wait for you: memory_retrieve their memory_ids, do the work, then signal action=ack.";
        }
        return core.activeTasks().isEmpty() ? "memory_search before you start; memory_add what you learn."
                : "task_feed shows what changed; memory_retrieve a task's memory_id for its steps.";
    }
}
