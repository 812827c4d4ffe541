package dev.colony.tool.task;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.colony.api.TaskId;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryLimits;
import dev.colony.api.task.PostDraft;
import dev.colony.api.task.PostKind;
import dev.colony.api.task.TaskThreads;
import dev.colony.tool.ArgumentSchema;
import dev.colony.tool.Choices;
import dev.colony.tool.Param;
import dev.colony.tool.Range;
import dev.colony.tool.Size;
import dev.colony.tool.ToolArguments;
import dev.colony.tool.ToolSpec;
import java.util.List;
import java.util.Optional;

/** {@code task_post}: a shared post on a task thread. */
public final class TaskPostTool {

    static final String HINT = "For your current working state when you do not know the task_id, use "
            + "task_note_working. For directed agent coordination, use task_message.";
    static final String DIRECTED_HINT = "Posted on the thread. For directed agent coordination, use "
            + "task_message. It addresses one agent and tracks reading and replies.";
    static final String WARNING_HINT = "Warnings are shown compactly to other agents before they start work; keep "
            + "them concrete (the path, the command, the reason).";

    /** The arguments. */
    public record Args(
            @Param(required = true)
            @Range(min = 1, max = ArgumentSchema.MAX_SAFE_INTEGER) long taskId,
            @Param(value = "A post, or a warning (failed_approach, blocked_path, conflict_warning, "
                    + "reverted_solution).", required = true)
            @Choices(PostKinds.class) String kind,
            @Param(value = "Subject first, then the point and the evidence.", required = true)
            @Size(max = MemoryLimits.MAX_CONTENT_CHARS) String content,
            @Param("The post on this thread it answers.")
            @Range(min = 1, max = ArgumentSchema.MAX_SAFE_INTEGER) Long replyTo,
            @Param
            @Size(max = MemoryLimits.MAX_TOPICS) List<String> topics) {
    }

    /**
     * The new post's id, thread, kind and time, and a next step; for a post that addresses one agent with
     * a request, the pointers to {@code task_message} as well.
     *
     * @param id the post's memory id
     * @param taskId the thread
     * @param kind the post's kind
     * @param ts when it was written (epoch ms)
     * @param hint the next step
     * @param routeToTaskMessage true when the post looks like a message to one agent
     * @param misroutedDirectedCoordination the same signal, under the name clients branch on
     * @param replacementTool {@code task_message} for such a post
     * @param suggestedArgs the arguments to send it with {@code task_message}
     */
    public record Result(long id, long taskId, String kind, long ts, String hint,
            @JsonInclude(JsonInclude.Include.NON_NULL) Boolean routeToTaskMessage,
            @JsonInclude(JsonInclude.Include.NON_NULL) Boolean misroutedDirectedCoordination,
            @JsonInclude(JsonInclude.Include.NON_NULL) String replacementTool,
            @JsonInclude(JsonInclude.Include.NON_NULL) SuggestedArgs suggestedArgs) {
    }

    /**
     * What to pass to {@code task_message} instead.
     *
     * @param taskId the thread
     * @param toAgent the agent the post addressed
     * @param content the post, compacted to one short line
     */
    public record SuggestedArgs(long taskId, String toAgent, String content) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.writing("task_post", "Post on a task thread",
            "Post a question, answer, decision, blocker, note or warning on a task thread, for every session "
                    + "there (and search). To ask one agent for something, use task_message.",
            Args.class, Result.class, (context, args) -> {
                PostKind kind = PostKind.fromWire("kind", args.kind());
                TaskThreads threads = context.scope().tasks();
                TaskId task = ToolArguments.task(args.taskId());
                Memory post = threads.post(task, new PostDraft(kind, args.content(),
                        ToolArguments.memory(args.replyTo()), args.topics()));
                long ts = post.createdAt().toEpochMilli();
                Optional<String> addressee = kind.isWarning() ? Optional.empty()
                        : DirectedPosts.addressee(args.content(), () -> threads.participants(task));
                if (addressee.isPresent()) {
                    return new Result(post.id().value(), args.taskId(), kind.wireName(), ts, DIRECTED_HINT, true,
                            true, "task_message", new SuggestedArgs(args.taskId(), addressee.get(),
                                    DirectedPosts.compacted(args.content())));
                }
                return new Result(post.id().value(), args.taskId(), kind.wireName(), ts,
                        kind.isWarning() ? WARNING_HINT : HINT, null, null, null, null);
            });

    private TaskPostTool() {
    }
}
