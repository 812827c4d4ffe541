package dev.colony.cli;

import dev.colony.api.CallerScope;
import dev.colony.api.SessionId;
import dev.colony.api.baton.Acceptance;
import dev.colony.api.baton.Baton;
import dev.colony.api.baton.HandoffRequest;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.MemoryStore;
import dev.colony.api.memory.RecallResult;
import dev.colony.api.memory.SearchHit;
import dev.colony.api.memory.SearchQuery;
import dev.colony.api.memory.TimelineEntry;
import dev.colony.api.message.Message;
import dev.colony.api.message.MessageDraft;
import dev.colony.api.message.MessageUrgency;
import dev.colony.api.session.Session;
import dev.colony.api.session.SessionStart;
import dev.colony.api.task.TaskThread;
import dev.colony.core.Colony;
import dev.colony.launch.EmbeddedColony;
import dev.colony.launch.LaunchSettings;
import dev.colony.launch.StoreFiles;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code colony demo}: two agents of one user share memory through the store, narrated on stdout.
 *
 * <p>A Claude Code session and a Codex session each write two memories; then each finds the other's
 * memories by search, reads one in full by id and recalls the other's session, which records the recall
 * in its own session. Then they coordinate on a task thread: each claims a file, one hands its file off to
 * the other, and a question is asked and answered; the Codex session stays open, so that
 * {@code colony lanes}, {@code claims} and {@code inbox} show it on a kept store.
 *
 * <p>It runs on a new temporary store that is deleted when it ends, so that trying it never writes
 * made-up facts into the user's real store; it prints where that store is. {@code --keep} keeps the
 * temporary store, and {@code --db PATH} runs on (and keeps) the given file or PostgreSQL URL, to look
 * around afterwards with {@code colony search}. {@code COLONY_DB}, {@code COLONY_JDBC_URL} and
 * {@code COLONY_HOME} are not used: they name the real store.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = {"Show two agents (claude-code and codex) sharing memory through one store and "
                + "coordinating on a task thread (claims, a handoff, messages).",
                "Runs on a new temporary store, deleted at the end, unless --keep or --db is given."})
public final class DemoCommand implements Callable<Integer> {

    @Option(names = "--db", paramLabel = "PATH|URL",
            description = "Run on this SQLite database file (created when missing) or jdbc:postgresql:// URL and "
                    + "keep it. Default: a new temporary store ($COLONY_DB, $COLONY_JDBC_URL and $COLONY_HOME "
                    + "are not used).")
    String db;

    @Option(names = "--keep",
            description = "Keep the temporary store and print its path, to look around with 'colony search' "
                    + "afterwards.")
    boolean keep;

    @Option(names = "--user", paramLabel = "NAME",
            description = "User both agents act for (default: $COLONY_USER, else the operating-system user).")
    String user;

    @ParentCommand
    ColonyCli parent;

    @Spec
    CommandSpec spec;

    private static final String DEMO_REPOSITORY = "/demo/shop";
    private static final String DEMO_BRANCH = "webhook-retries";
    private static final String WEBHOOKS = "billing/WebhookController.java";
    private static final String TOKENS = "auth/TokenSigner.java";

    private PrintWriter out;

    /** One agent of the demo: its session and what it writes. */
    private record Agent(String name, Session session, MemoryStore memories, List<MemoryDraft> notes,
            String question) {
    }

    @Override
    public Integer call() {
        String explicit = db != null ? db : parent.store.db();
        boolean chosen = explicit != null || parent.store.jdbcUrl() != null;
        Path temporary = chosen ? null : TemporaryDirectory.create("colony-demo-");
        try {
            LaunchSettings settings = parent.settings(StoreOptions.of(
                    temporary == null ? explicit : temporary.resolve(LaunchSettings.DATABASE_FILE).toString(), user),
                    null);
            return run(temporary == null ? settings : settings.withHome(temporary), temporary);
        } finally {
            if (temporary != null && !keep) {
                deleteTree(temporary);
            }
        }
    }

    private int run(LaunchSettings settings, Path temporary) {
        out = spec.commandLine().getOut();
        out.println("Colony demo: two agents of user '" + settings.user() + "' share one store");
        if (temporary == null) {
            out.println("store: " + settings.storeLabel() + " (kept)");
        } else if (keep) {
            out.println("store: " + settings.database() + " (temporary, kept because of --keep)");
        } else {
            out.println("store: " + settings.database() + " (temporary: deleted when the demo ends; --keep "
                    + "keeps it)");
        }
        out.flush();
        try (Colony colony = EmbeddedColony.open(settings)) {
            out.println();
            out.println("1. Both agents start a session");
            Agent claude = start(colony, settings, "claude-code", "Where are payment webhooks handled?",
                    List.of(MemoryDraft.of(MemoryKind.DECISION, "Session tokens are signed with RS256 because "
                                    + "the API gateway verifies them offline with the public key.")
                                    .withTopics(List.of("auth", "tokens", "rs256", "gateway"))
                                    .withMacroTopics(List.of("colony-demo")),
                            MemoryDraft.of(MemoryKind.FACT, "Integration tests start PostgreSQL 16 in a "
                                    + "container, so running them needs Docker but no local database.")
                                    .withTopics(List.of("tests", "postgresql", "docker"))
                                    .withMacroTopics(List.of("colony-demo"))));
            Agent codex = start(colony, settings, "codex", "How are session tokens signed?",
                    List.of(MemoryDraft.of(MemoryKind.PATH, "Payment webhooks are handled in "
                                    + "billing/WebhookController.java, which checks signatures before queueing.")
                                    .withTopics(List.of("payments", "webhooks", "billing", "signatures"))
                                    .withMacroTopics(List.of("colony-demo")),
                            MemoryDraft.of(MemoryKind.PREFERENCE, "User wants one database migration per pull "
                                    + "request, so that each review stays small and reversible.")
                                    .withTopics(List.of("user", "migrations", "reviews"))
                                    .withMacroTopics(List.of("colony-demo"))));

            out.println();
            out.println("2. Each agent writes what it learned");
            write(claude);
            write(codex);

            out.println();
            out.println("3. claude-code looks for what codex knows");
            explore(claude, codex);

            out.println();
            out.println("4. codex looks for what claude-code knows");
            explore(codex, claude);

            out.println();
            out.println("5. They coordinate on one task thread");
            coordinate(colony, claude, codex);

            out.println();
            out.println("6. claude-code ends its session; codex works on");
            Session ended = colony.as(claude.session().actor()).sessions().end(claude.session().id());
            out.println("   claude-code ended session " + ended.id());
        }
        out.println();
        if (temporary == null || keep) {
            String store = " --db " + settings.storeLabel() + " --user " + settings.user();
            out.println("Done. Look around with: colony search" + store + " \"session tokens\"");
            out.println("  colony lanes" + store + "; colony claims" + store + "; colony inbox" + store
                    + " --agent codex");
        } else {
            out.println("Done. The temporary store is deleted; run 'colony demo --keep' to look around in it "
                    + "afterwards with 'colony search'.");
        }
        out.flush();
        return 0;
    }

    /** A new directory for the temporary store. */
    /** Deletes the temporary store: the database, its side files and the search index beside it. */
    private void deleteTree(Path directory) {
        try {
            TemporaryDirectory.delete(directory);
        } catch (IOException e) {
            PrintWriter err = spec.commandLine().getErr();
            err.println("colony: could not delete the temporary store " + directory + ": " + StoreFiles.reason(e));
            err.flush();
        }
    }

    private Agent start(Colony colony, LaunchSettings settings, String name, String question,
            List<MemoryDraft> notes) {
        Session session = colony.sessions().ensure(new SessionStart(settings.user(), name, SessionId.random(name),
                name, System.getProperty("user.dir"), null, null));
        out.println("   " + name + " started session " + session.id());
        return new Agent(name, session, colony.as(session.actor()).memories(), notes, question);
    }

    private void write(Agent agent) {
        for (MemoryDraft note : agent.notes()) {
            Memory stored = agent.memories().add(note);
            out.println("   " + agent.name() + " wrote #" + stored.id() + " (" + stored.kind() + "): "
                    + Printing.oneLine(stored.content(), 72));
        }
    }

    private void explore(Agent reader, Agent other) {
        out.println("   search: \"" + reader.question() + "\"");
        List<SearchHit> hits = reader.memories().search(SearchQuery.of(reader.question()).withLimit(5));
        for (SearchHit hit : hits) {
            String owner = hit.session().equals(other.session().id()) ? other.name() : "an earlier session";
            if (hit.session().equals(reader.session().id())) {
                owner = "itself";
            }
            out.println("     #" + hit.id() + " " + hit.kind() + " from " + owner + ": "
                    + Printing.oneLine(hit.snippet(), 70));
        }
        Optional<SearchHit> fromOther = hits.stream()
                .filter(hit -> hit.session().equals(other.session().id())).findFirst();
        if (fromOther.isEmpty()) {
            out.println("   no hit from " + other.name() + " in the top 5; narrowing the search to its session");
            fromOther = reader.memories().search(SearchQuery.of(reader.question()).withLimit(5)
                    .withSession(other.session().id())).stream().findFirst();
        }
        if (fromOther.isPresent()) {
            Memory full = reader.memories().get(List.of(fromOther.get().id())).get(0);
            out.println("   reads #" + full.id() + " in full (" + full.kind() + ", written by " + other.name()
                    + ", topics " + full.topics() + "):");
            out.println("     " + full.content());
        } else {
            out.println("   found nothing from " + other.name());
        }
        RecallResult recall = reader.memories().recallSession(other.session().id(), null, 20);
        out.println("   recalls " + other.name() + "'s session: " + recall.observations().size()
                + " memories (" + describe(recall.observations()) + "); the recall is recorded as #"
                + recall.recallMemory() + " in " + reader.name() + "'s own session");
    }

    /**
     * Both agents meet on a thread and claim a file each; claude-code hands its file to codex, codex asks a
     * question and claude-code answers it, so that lanes, claims and the inbox have something to show.
     */
    private void coordinate(Colony colony, Agent claude, Agent codex) {
        CallerScope first = colony.as(claude.session().actor());
        CallerScope second = colony.as(codex.session().actor());
        TaskThread thread = first.tasks().open(DEMO_REPOSITORY, DEMO_BRANCH).thread();
        second.tasks().join(thread.id());
        out.println("   both join the thread of " + DEMO_REPOSITORY + " on " + DEMO_BRANCH + " (task " + thread.id()
                + ")");
        first.claims().claim(thread.id(), WEBHOOKS, "adding retries");
        second.claims().claim(thread.id(), TOKENS, "rotating the signing key");
        out.println("   claude-code claims " + WEBHOOKS + ", codex claims " + TOKENS);
        Baton handoff = first.handoffs().handOff(HandoffRequest.of(thread.id(), "codex",
                "Signature check done; retries are left, see the webhooks memory").withFiles(List.of(WEBHOOKS)));
        Acceptance accepted = second.handoffs().accept(handoff.id());
        out.println("   claude-code hands " + WEBHOOKS + " off to codex, who accepts: now holds "
                + accepted.installedFiles());
        Message question = second.messages().send(MessageDraft.to(thread.id(), "Do retried webhooks keep the "
                + "first delivery id?").withToAgent("claude-code").withUrgency(MessageUrgency.NEEDS_REPLY));
        out.println("   codex asks claude-code: " + Printing.oneLine(question.preview(), 60));
        for (Message unread : first.messages().unreadByUrgency(5)) {
            Message answer = first.messages().send(MessageDraft.to(thread.id(), "Yes: the id is the idempotency "
                    + "key, so a retry must reuse it.").withToAgent("codex").withReplyTo(unread.id()));
            out.println("   claude-code answers #" + unread.id() + ": " + Printing.oneLine(answer.preview(), 60));
        }
    }

    private static String describe(List<TimelineEntry> entries) {
        return String.join(", ", entries.stream().map(entry -> "#" + entry.id() + " " + entry.kind()).toList());
    }
}
