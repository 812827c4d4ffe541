package dev.colony.mcp.tool.task;

import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryLimits;
import dev.colony.api.task.PostDraft;
import dev.colony.api.task.PostKind;
import dev.colony.mcp.tool.ArgumentSchema;
import dev.colony.mcp.tool.Choices;
import dev.colony.mcp.tool.Param;
import dev.colony.mcp.tool.Range;
import dev.colony.mcp.tool.Size;
import dev.colony.mcp.tool.ToolSpec;
import java.util.List;

/** {@code task_post}: a shared post on a task thread. */
public final class TaskPostTool {

    static final String HINT = "For your current working state when you do not know the task_id, use "
            + "task_note_working. For directed agent coordination, use task_message.";
    static final String WARNING_HINT = "Warnings are shown compactly to other agents before they start work; keep "
            + "them concrete (the path, the command, the reason).";

    /** The arguments. */
    public record Args(
            @Param(value = "The thread: a task_id from task_thread or task_list.", required = true)
            @Range(min = 1, max = ArgumentSchema.MAX_SAFE_INTEGER) long taskId,
            @Param("Post as this session of yours instead of the server's own.") String sessionId,
            @Param(value = "What the post is. question / answer / decision / blocker / note for shared thread "
                    + "state; failed_approach, blocked_path, conflict_warning, reverted_solution to warn others "
                    + "off a concrete path that did not work.", required = true)
            @Choices(PostKinds.class) String kind,
            @Param(value = "The post, readable without your context: name the subject first, then the point "
                    + "and the evidence.", required = true)
            @Size(max = MemoryLimits.MAX_CONTENT_CHARS) String content,
            @Param("The id of a post on the same thread that this one answers.")
            @Range(min = 1, max = ArgumentSchema.MAX_SAFE_INTEGER) Long replyTo,
            @Param("Search keywords, as single lowercase words.")
            @Size(max = MemoryLimits.MAX_TOPICS) List<String> topics) {
    }

    /** The new post's id, thread, kind and time, and a next step. */
    public record Result(long id, long taskId, String kind, long ts, String hint) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.writing("task_post", "Post on a task thread",
            "Post a question, answer, decision, blocker, note or warning on a task thread, where every session "
                    + "of that thread (and search) will find it. Reply to an earlier post of the thread with "
                    + "reply_to. Posting joins you to the thread. Use task_note_working for your current working "
                    + "state, task_message to address one agent, and the claim and hand-off tools for "
                    + "structured actions. Returns the post's id.",
            Args.class, Result.class, (context, args) -> {
                PostKind kind = PostKind.fromWire("kind", args.kind());
                Memory post = context.tasksIn(TaskArguments.session(args.sessionId())).post(
                        TaskArguments.task(args.taskId()), new PostDraft(kind, args.content(),
                                TaskArguments.memory(args.replyTo()), args.topics()));
                return new Result(post.id().value(), args.taskId(), kind.wireName(),
                        post.createdAt().toEpochMilli(), kind.isWarning() ? WARNING_HINT : HINT);
            });

    private TaskPostTool() {
    }
}
