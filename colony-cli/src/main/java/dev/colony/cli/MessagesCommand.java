package dev.colony.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.colony.api.CallerScope;
import dev.colony.api.TaskId;
import dev.colony.api.message.Message;
import dev.colony.api.message.MessageQuery;
import dev.colony.api.message.Messages;
import dev.colony.core.Colony;
import dev.colony.launch.LaunchSettings;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code colony messages --agent NAME}: the directed messages addressed to one agent (by name or agent
 * type, to any agent, or to one of its sessions) on every thread the user may read, newest first, as a
 * table for a terminal or as JSON for scripts. It only reads: nothing is marked read, no session is
 * started, and a store that does not exist is an error naming the path.
 */
@Command(name = "messages", mixinStandardHelpOptions = true,
        description = {"List the messages addressed to an agent, newest first: unread ones by default.",
                "Only reads: nothing is marked read, and a store that does not exist is an error, never created."})
public final class MessagesCommand extends ReadOnlyView<List<Message>> {

    @Option(names = "--agent", paramLabel = "NAME", required = true,
            description = "The agent whose messages to list (a name such as codex or claude-code; messages to its "
                    + "agent type and to 'any' are included).")
    String agent;

    @Option(names = "--all", description = "Also read, replied and expired messages (retracted ones never show).")
    boolean all;

    @Option(names = "--task", paramLabel = "ID", description = "Only messages of this task thread (repeatable).")
    List<Long> tasks;

    @Option(names = {"-n", "--limit"}, paramLabel = "N", defaultValue = "" + Messages.DEFAULT_LIST_LIMIT,
            description = "Most messages to print, 1 to " + Messages.MAX_LIST_LIMIT + " (default: ${DEFAULT-VALUE}).")
    int limit;


    @Override
    void check() {
        checkLimit(limit, Messages.MAX_LIST_LIMIT);
    }

    @Override
    List<Message> read(Colony colony, CallerScope reader) {
        List<TaskId> threads = tasks == null ? List.of() : tasks.stream().map(TaskId::of).toList();
        return reader.messages().addressedToAgent(agent, new MessageQuery(threads, null, !all, limit));
    }

    @Override
    void table(PrintWriter out, LaunchSettings settings, List<Message> messages) {
        if (messages.isEmpty()) {
            out.println("No " + (all ? "" : "unread ") + "messages for " + agent + " (" + settings.storeLabel()
                    + ", user " + settings.user() + ").");
            return;
        }
        out.println(String.format(Locale.ROOT, "%-6s %-5s %-11s %-9s %-20s %-14s %-14s %s", "ID", "TASK", "URGENCY",
                "STATUS", "SENT", "FROM", "TO", "PREVIEW"));
        for (Message message : messages) {
            String to = message.toSession() == null ? message.toAgent() : "session " + message.toSession();
            String status = message.status().wireName();
            if (message.claimedByAgent() != null) {
                status = status + "*";
            }
            out.println(String.format(Locale.ROOT, "%-6d %-5d %-11s %-9s %-20s %-14s %-14s %s", message.id().value(),
                    message.task().value(), message.urgency().wireName(), status, Printing.time(message.sentAt()),
                    Printing.oneLine(message.fromAgent(), 14), Printing.oneLine(to, 14),
                    Printing.oneLine(message.preview(), 60)));
        }
        boolean claimed = messages.stream().anyMatch(message -> message.claimedByAgent() != null);
        out.println(messages.size() + (messages.size() == 1 ? " message" : " messages") + " for " + agent + " ("
                + settings.storeLabel() + ", user " + settings.user() + ")" + (claimed ? "; * claimed broadcast" : ""));
    }

    @Override
    String json(List<Message> messages) {
        ArrayNode array = Printing.jsonArray();
        for (Message message : messages) {
            ObjectNode node = array.addObject();
            node.put("id", message.id().value());
            node.put("task_id", message.task().value());
            node.put("ts", message.sentAt().toEpochMilli());
            node.put("from_session_id", message.fromSession().value());
            node.put("from_agent", message.fromAgent());
            node.put("to_agent", message.toAgent());
            node.put("to_session_id", message.toSession() == null ? null : message.toSession().value());
            node.put("urgency", message.urgency().wireName());
            node.put("status", message.status().wireName());
            node.put("reply_to", message.replyTo() == null ? null : message.replyTo().value());
            node.put("preview", message.preview());
            node.put("expires_at", message.expiresAt() == null ? null : message.expiresAt().toEpochMilli());
            node.put("claimed_by_session_id", message.claimedBySession() == null ? null
                    : message.claimedBySession().value());
            node.put("claimed_by_agent", message.claimedByAgent());
        }
        return Printing.prettyJson(array, "messages");
    }
}
