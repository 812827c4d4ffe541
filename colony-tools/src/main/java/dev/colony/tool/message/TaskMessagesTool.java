package dev.colony.tool.message;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.colony.api.CallerScope;
import dev.colony.api.TaskId;
import dev.colony.api.message.Message;
import dev.colony.api.message.MessageQuery;
import dev.colony.api.message.Messages;
import dev.colony.tool.ArgumentSchema;
import dev.colony.tool.Nullable;
import dev.colony.tool.Param;
import dev.colony.tool.Range;
import dev.colony.tool.Size;
import dev.colony.tool.TokenBudget.Budget;
import dev.colony.tool.TokenBudget;
import dev.colony.tool.ToolSpec;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** {@code task_messages}: the caller's message inbox, compact, newest first. */
public final class TaskMessagesTool {

    /** The arguments. */
    public record Args(
            @Param("Only messages sent since.")
            @Range(min = 0, max = ArgumentSchema.MAX_SAFE_INTEGER) Long sinceTs,
            @Param(value = "false: also read, replied and expired ones.", defaultValue = "true")
            boolean unreadOnly,
            @Param("Default " + Messages.DEFAULT_LIST_LIMIT + ", within about 800 tokens.")
            @Range(min = 1, max = Messages.MAX_LIST_LIMIT) Integer limit,
            @Param("Only these threads (default: all you joined).")
            @Size(max = 50)
            @Range(min = 1, max = ArgumentSchema.MAX_SAFE_INTEGER) List<Long> taskIds) {
    }

    /**
     * One message, compact: addressing, state, a preview and the tools to act on it.
     *
     * @param id the message id, for get_observations and the other message tools
     * @param taskId its thread
     * @param ts when it was sent (epoch ms)
     * @param fromSessionId the sender's session
     * @param fromAgent the sender's agent
     * @param toAgent the addressee, or {@code any}
     * @param toSessionId the addressed session, when one is
     * @param urgency fyi, needs_reply or blocking
     * @param status unread, read, replied or expired
     * @param replyTo the message it answers, when it does
     * @param preview the start of the body
     * @param expiresAt when it expires unread (epoch ms), when it does
     * @param isClaimableBroadcast whether it is a broadcast nobody has claimed yet
     * @param claimedBySessionId the session that claimed the broadcast
     * @param claimedByAgent the agent that claimed the broadcast
     * @param replyTool the tool that answers it
     * @param suggestedReplyArgs arguments for that tool, with content left to write
     * @param markReadTool the tool that marks it read
     */
    public record Entry(long id, long taskId, long ts, String fromSessionId, String fromAgent, String toAgent,
            @JsonInclude(JsonInclude.Include.NON_NULL) String toSessionId, String urgency, String status,
            @JsonInclude(JsonInclude.Include.NON_NULL) Long replyTo, String preview,
            @JsonInclude(JsonInclude.Include.NON_NULL) Long expiresAt, boolean isClaimableBroadcast,
            @JsonInclude(JsonInclude.Include.NON_NULL) String claimedBySessionId,
            @JsonInclude(JsonInclude.Include.NON_NULL) String claimedByAgent, String replyTool,
            ReplyArgs suggestedReplyArgs, String markReadTool) {

        static Entry of(Message message) {
            return new Entry(message.id().value(), message.task().value(), message.sentAt().toEpochMilli(),
                    message.fromSession().value(), message.fromAgent(), message.toAgent(),
                    message.toSession() == null ? null : message.toSession().value(), message.urgency().wireName(),
                    message.status().wireName(), message.replyTo() == null ? null : message.replyTo().value(),
                    message.preview(), message.expiresAt() == null ? null : message.expiresAt().toEpochMilli(),
                    message.isClaimableBroadcast(),
                    message.claimedBySession() == null ? null : message.claimedBySession().value(),
                    message.claimedByAgent(), TaskMessageTool.SPEC.name(),
                    new ReplyArgs(message.task().value(), message.fromAgent(),
                            message.fromSession().value(), message.id().value(), "fyi", "..."),
                    MarkReadTool.SPEC.name());
        }
    }

    /**
     * The arguments of a reply, ready to send once {@code content} is written.
     *
     * @param taskId the thread
     * @param toAgent the original sender's agent
     * @param toSessionId the original sender's session
     * @param replyTo the message answered
     * @param urgency the reply's urgency
     * @param content a placeholder for the answer
     */
    public record ReplyArgs(long taskId, String toAgent, String toSessionId,
            long replyTo, String urgency, String content) {
    }

    /**
     * The messages, newest first, and the tool that reads their bodies.
     *
     * @param messages the messages listed
     * @param hydrateWith the tool that reads their bodies
     * @param budget how many older messages a long list left out, when it left some out
     */
    public record Result(List<Entry> messages, String hydrateWith,
            @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) Budget budget) {
    }

    /** The estimated tokens a list stays within (the compact tools' budget). */
    public static final int TOKEN_BUDGET = 760;

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.reading("task_messages", "List your messages",
            "Messages to you (your session, your agent type, or any) on threads you joined, newest first, "
                    + "with reply and mark-read calls ready; marks nothing read.",
            Args.class, Result.class, (context, args) -> {
                CallerScope caller = context.scope();
                MessageQuery query = new MessageQuery(args.taskIds().stream().map(TaskId::of).toList(),
                        args.sinceTs() == null ? null : Instant.ofEpochMilli(args.sinceTs()), args.unreadOnly(),
                        args.limit() == null ? Messages.DEFAULT_LIST_LIMIT : args.limit());
                List<Entry> entries = new ArrayList<>(caller.messages().inbox(query).stream().map(Entry::of)
                        .toList());
                int available = entries.size();
                if (args.limit() != null) {
                    return new Result(entries, "get_observations", null);
                }
                return TokenBudget.fit(TOKEN_BUDGET, List.of(entries), (dropped, tokens) -> new Result(
                        List.copyOf(entries), "get_observations", dropped == 0 ? null : new Budget(available,
                                entries.size(), dropped, tokens, "task_messages", "Compact list: the newest "
                                        + "messages only; narrow with task_ids, or give a limit.")));
            });

    private TaskMessagesTool() {
    }
}
