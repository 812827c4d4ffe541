package dev.colony.cli;

import dev.colony.api.Actor;
import dev.colony.api.CallerScope;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.attention.AttentionQuery;
import dev.colony.api.session.AgentTypes;
import dev.colony.api.session.Session;
import dev.colony.api.session.Sessions;
import dev.colony.core.Colony;
import dev.colony.launch.LaunchSettings;
import dev.colony.tool.ResultJson;
import dev.colony.tool.lane.AttentionInboxTool.Result;
import dev.colony.tool.lane.AttentionInboxTool;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code colony inbox --agent NAME}: the attention inbox of one agent, as that agent's most recently
 * seen session (or {@code --session}) sees it: the same compact buckets {@code attention_inbox} returns.
 * It only reads: nothing is marked read and no session is started.
 */
@Command(name = "inbox", mixinStandardHelpOptions = true,
        description = {"Show what needs an agent's attention: handoffs, unread messages, blockers, stalled lanes, "
                + "fresh claims by others, old claims and hot files.",
                "Reads as the agent's most recently seen session; only reads, never creates a store."})
public final class InboxCommand extends ReadOnlyView<Result> {

    @Option(names = "--agent", paramLabel = "NAME", required = true,
            description = "The agent whose inbox to show (codex, claude-code…).")
    String agent;

    @Option(names = "--session", paramLabel = "ID",
            description = "Read as this session of the agent instead of its most recently seen one.")
    String session;

    @Option(names = "--repo-root", paramLabel = "DIR", description = "Only threads of this repository root (repeatable).")
    List<String> repoRoots;

    @Option(names = {"-n", "--limit"}, paramLabel = "N", defaultValue = "5",
            description = "Most items per bucket, 1 to " + AttentionQuery.MAX_LIMIT + " (default: ${DEFAULT-VALUE}).")
    int limit;

    @Override
    void check() {
        checkLimit(limit, AttentionQuery.MAX_LIMIT);
    }

    @Override
    Result read(Colony colony, CallerScope reader) {
        Session as = sessionOf(reader.sessions().list(Sessions.MAX_LIST_LIMIT), agent, session);
        AttentionQuery defaults = AttentionQuery.defaults();
        return AttentionInboxTool.compact(colony.as(new Actor(as.user(), as.agent(), as.id())).attention().read(
                new AttentionQuery(repoRoots == null ? Set.of() : Set.copyOf(repoRoots), Set.of(), limit,
                        defaults.recentClaimWindow(), Math.max(limit, defaults.recentClaimLimit()),
                        defaults.heatHalfLife(), limit)), Integer.MAX_VALUE);
    }

    /**
     * The named session, or {@code agent}'s most recently seen one (its exact name before its agent type): the
     * session a read-only view of one agent reads as.
     */
    static Session sessionOf(List<Session> sessions, String agent, String session) {
        if (session != null) {
            return sessions.stream().filter(s -> s.id().value().equals(session)).findFirst()
                    .orElseThrow(() -> ColonyException.about(ErrorCode.SESSION_NOT_FOUND, "session",
                            "no session '" + session + "' of this user"));
        }
        String name = agent.toLowerCase(Locale.ROOT);
        Comparator<Session> byLastSeen = Comparator.comparing(Session::lastSeen);
        return sessions.stream().filter(s -> s.agent().equalsIgnoreCase(name)).max(byLastSeen)
                .or(() -> sessions.stream().filter(s -> AgentTypes.of(s.agent()).equals(AgentTypes.of(name)))
                        .max(byLastSeen))
                .orElseThrow(() -> ColonyException.about(ErrorCode.SESSION_NOT_FOUND, "agent",
                        "no session of agent '" + agent + "' in this store; its inbox starts with its first session"));
    }

    @Override
    String json(Result inbox) {
        return ResultJson.pretty(inbox);
    }

    @Override
    void table(PrintWriter out, LaunchSettings settings, Result inbox) {
        var summary = inbox.summary();
        out.println("Inbox of " + agent + " (" + settings.storeLabel() + ", user " + settings.user() + "): "
                + summary.nextAction());
        out.println(String.format(Locale.ROOT, "unread %d (blocking %d) · handoffs %d · blockers %d · stalled lanes %d"
                + " · fresh claims by others %d · old claims %d", summary.unreadMessageCount(),
                summary.blockingMessageCount(), summary.pendingHandoffCount(), summary.blockerCount(),
                summary.stalledLaneCount(), summary.recentClaimCount(), summary.staleClaimCount()));
        section(out, "Unread messages", inbox.unreadMessages(), m -> String.format(Locale.ROOT,
                "%-6d task %-5d %-11s %-14s %s", m.id(), m.taskId(), m.urgency(), Printing.oneLine(m.fromAgent(), 14), m.preview()));
        section(out, "Handoffs and relays", inbox.pendingHandoffs(), b -> String.format(Locale.ROOT,
                "%-6d task %-5d %-8s %-14s expires %s  %s", b.id(), b.taskId(), b.kind(),
                Printing.oneLine(b.fromAgent(), 14), Printing.time(Instant.ofEpochMilli(b.expiresAt())), b.summary()));
        section(out, "Blockers", inbox.blockers(), b -> String.format(Locale.ROOT, "%-6d task %-5d %s  %s", b.id(),
                b.taskId(), Printing.time(Instant.ofEpochMilli(b.ts())), b.preview()));
        section(out, "Stalled lanes", inbox.stalledLanes(), l -> String.format(Locale.ROOT,
                "%-24s %-14s %-8s %-24s files %d, last seen %s", Printing.oneLine(l.sessionId(), 24),
                Printing.oneLine(l.agent(), 14), l.activity(), Printing.oneLine(l.branch() == null ? "-" : l.branch(), 24),
                l.claimedFileCount(), Printing.time(Instant.ofEpochMilli(l.lastSeen()))));
        section(out, "Fresh claims by others", inbox.recentOtherClaims(), c -> String.format(Locale.ROOT,
                "task %-5d %-40s %-14s %s", c.taskId(), Printing.oneLine(c.filePath(), 40),
                Printing.oneLine(c.agent(), 14), Printing.time(Instant.ofEpochMilli(c.claimedAt()))));
        section(out, "Hot files", inbox.fileHeat(), h -> String.format(Locale.ROOT, "task %-5d %-40s heat %.2f (%d)",
                h.taskId(), Printing.oneLine(h.filePath(), 40), h.heat(), h.events()));
        if (inbox.staleClaimSignals().staleClaimCount() > 0) {
            out.println("Old claims: " + inbox.staleClaimSignals().staleClaimCount() + " on "
                    + String.join(", ", inbox.staleClaimSignals().topBranches()));
        }
        if (inbox.budget().collapsedCount() > 0) {
            out.println(inbox.budget().collapsedCount() + " more not shown; raise --limit to see them.");
        }
    }

    private static <T> void section(PrintWriter out, String title, List<T> items, Function<T, String> line) {
        if (items.isEmpty()) {
            return;
        }
        out.println();
        out.println(title + ":");
        items.forEach(item -> out.println("  " + line.apply(item)));
    }
}
