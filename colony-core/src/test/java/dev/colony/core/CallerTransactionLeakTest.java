package dev.colony.core;

import static dev.colony.core.ColonyTestSupport.as;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colony.api.CallerScope;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.MemoryId;
import dev.colony.api.NamespaceId;
import dev.colony.api.NamespaceKind;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import dev.colony.api.UserId;
import dev.colony.api.baton.BatonStatus;
import dev.colony.api.baton.HandoffRequest;
import dev.colony.api.claim.ClaimState;
import dev.colony.api.collection.MemberRole;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.TaskChecklist;
import dev.colony.api.message.MessageDraft;
import dev.colony.api.plan.PlanDraft;
import dev.colony.api.plan.SubtaskDraft;
import dev.colony.api.proposal.ProposalDraft;
import dev.colony.api.run.RunSpec;
import dev.colony.api.session.Session;
import dev.colony.api.signal.SignalDraft;
import dev.colony.api.task.PostDraft;
import dev.colony.api.task.PostKind;
import dev.colony.api.task.TaskStatus;
import dev.colony.core.internal.access.Access;
import dev.colony.core.internal.access.CallerTransaction;
import dev.colony.core.internal.time.TimeSource;
import dev.colony.spi.storage.ArchiveRecords.ArchiveScope;
import dev.colony.spi.storage.ArchiveRecords.ArchiveTable;
import dev.colony.spi.storage.MessageRecords.Recipient;
import dev.colony.spi.storage.SignalRecords.Inbox;
import dev.colony.spi.storage.StorageProvider;
import dev.colony.spi.storage.StorageTransaction;
import dev.colony.spi.storage.TrackedTaskRecords.FeedQuery;
import dev.colony.store.tck.MutableClock;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The access gate from below: a transaction bound to a user who belongs to nothing (mallory) is handed every read
 * path the store offers a caller, over a store where alice wrote one of everything (personal and collection
 * memories, a task thread with posts, a tracked task, a plan, a proposal, messages, a handoff, a claim, a file edit,
 * a run, a signal). The gate's own reads answer nothing and its session checks answer "not found"; every finder of
 * the storage SPI that is scoped by namespaces, given the namespaces this transaction allows, returns no row. A
 * second test lists those finders from the SPI itself, so that a new scoped finder fails here until this suite
 * tries it.
 */
class CallerTransactionLeakTest {

    private static final String REPO = "/work/shop";

    /** Every SPI finder scoped by namespaces, as {@code Facet.method}: what {@link #mallorySeesNothing} tries. */
    private static final Set<String> SCOPED_FINDERS = Set.of("ArchiveRecords.read", "BatonRecords.listByNamespaces",
            "ClaimRecords.listByNamespaces", "FileEditRecords.since", "LandscapeRecords.recent",
            "LandscapeRecords.tagged", "MemoryRecords.timeline", "MessageRecords.addressedTo", "PlanRecords.boundTo",
            "PlanRecords.findBySlug",
            "PlanRecords.list", "ProposalRecords.list", "RunRecords.list", "SignalRecords.countPending",
            "SignalRecords.pending", "TaskPostRecords.recentOfKinds", "TaskRecords.list", "TrackedTaskRecords.feed");

    @TempDir
    Path dir;

    private final MutableClock clock = new MutableClock(ColonyTestSupport.START);

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.colony.core.ColonyTestSupport#stores")
    void mallorySeesNothing(String name, Function<Path, StorageProvider> store) {
        try (Colony colony = Colony.builder().storage(store.apply(dir)).clock(clock).build()) {
            CallerScope alice = as(colony, "alice");
            as(colony, "bob");
            as(colony, "mallory");
            Written written = writeOneOfEverything(alice);
            Access gate = new Access(new TimeSource(clock));
            StorageProvider storage = colony.storage();

            List<String> tried = storage.read(tx -> {
                CallerTransaction mallory = gate.bind(tx, UserId.of("mallory"));
                return tryEveryReadPath(mallory, tx, written, alice.actor().session());
            });

            assertThat(tried).containsExactlyInAnyOrderElementsOf(SCOPED_FINDERS);
            assertThat(as(colony, "mallory").examples().list(Path.of(written.examples()))).isEmpty();
            // The same paths, bound to alice, do find her rows: the suite above could have failed.
            storage.read(tx -> {
                CallerTransaction owner = gate.bind(tx, UserId.of("alice"));
                assertThat(owner.readable()).hasSize(2);
                assertThat(owner.memory(written.personal())).isPresent();
                assertThat(tx.tasks().list(owner.readable(), null, null, 10)).isNotEmpty();
                assertThat(tx.plans().list(owner.readable(), null, false, 10)).isNotEmpty();
                assertThat(tx.plans().boundTo(owner.readable(), REPO, "T1")).isNotEmpty();
                assertThat(tx.runs().list(owner.readable(), null, null, null, 10)).isNotEmpty();
                assertThat(tx.examples().list(owner.personal().orElseThrow(), written.examples())).isNotEmpty();
                return null;
            });
        }
    }

    @Test
    void theSuiteTriesEveryScopedFinderOfTheSpi() {
        Set<String> scoped = new TreeSet<>();
        for (Method facet : StorageTransaction.class.getMethods()) {
            Class<?> type = facet.getReturnType();
            if (!type.getPackageName().equals(StorageTransaction.class.getPackageName())) {
                continue;
            }
            for (Method finder : type.getMethods()) {
                if (Arrays.stream(finder.getParameters()).anyMatch(p -> scopedBy(p.getParameterizedType()))) {
                    scoped.add(type.getSimpleName() + "." + finder.getName());
                }
            }
        }
        assertThat(scoped).containsExactlyInAnyOrderElementsOf(SCOPED_FINDERS);
    }

    /** Whether a parameter of this type carries namespaces: a collection of them, or a query record that holds one. */
    private static boolean scopedBy(Type type) {
        if (type instanceof ParameterizedType generic && generic.getRawType() instanceof Class<?> raw
                && Collection.class.isAssignableFrom(raw)) {
            return generic.getActualTypeArguments()[0] == NamespaceId.class;
        }
        return type instanceof Class<?> record && record.isRecord() && Arrays.stream(record.getRecordComponents())
                .map(RecordComponent::getGenericType).anyMatch(CallerTransactionLeakTest::scopedBy);
    }

    /** What alice wrote that the suite looks for. */
    private record Written(MemoryId personal, MemoryId shared, TaskId task, String plan, String examples) {
    }

    private Written writeOneOfEverything(CallerScope alice) {
        alice.collections().create("ops", NamespaceKind.COLLABORATIVE);
        alice.collections().addMember("ops", UserId.of("bob"), MemberRole.MEMBER);
        MemoryId personal = alice.memories().add(MemoryDraft.of(MemoryKind.FACT, "Billing retries webhooks five "
                + "times").withTopics(List.of("billing"))).id();
        MemoryId shared = alice.memories().add(MemoryDraft.of(MemoryKind.DECISION, "Ops rotates credentials on "
                + "Fridays").withTopics(List.of("ops")).withCollection("ops")).id();
        alice.memories().add(MemoryDraft.task(TaskChecklist.of("Ship the receipts", List.of("render", "mail"),
                TaskStatus.PENDING)));
        TaskId task = alice.tasks().open(REPO, "feature/receipts").thread().id();
        alice.tasks().post(task, PostDraft.of(PostKind.DECISION, "Receipts render on the server"));
        alice.tasks().post(task, PostDraft.of(PostKind.BLOCKER, "The mail relay refuses attachments"));
        alice.messages().send(MessageDraft.to(task, "Anyone: the relay needs a bigger limit").withToAgent("any"));
        alice.handoffs().handOff(HandoffRequest.of(task, "any", "Take over the receipts"));
        alice.claims().claim(task, "src/receipts.ts", "rendering");
        alice.activity().recordEdit(task, "src/receipts.ts");
        alice.plans().publish(PlanDraft.of(REPO, "receipts", "Receipts by mail", List.of(
                SubtaskDraft.of("Render receipts", List.of("src/render.ts")).boundTo("T1"),
                SubtaskDraft.of("Mail receipts", List.of("src/mail.ts")).dependingOn(0))));
        alice.proposals().propose(new ProposalDraft(REPO, "main", "Share the PDF renderer", "Two copies exist",
                List.of("src/pdf.ts")));
        alice.runs().spawn(RunSpec.agent("codex", "review the receipts"));
        alice.signals().send(SignalDraft.of("ops", "bob", List.of(shared)));
        Path repo = dir.resolve("repo");
        try {
            Files.createDirectories(repo.resolve("examples/hello"));
            Files.writeString(repo.resolve("examples/hello/package.json"), "{\"dependencies\": {\"left-pad\": \"1\"}}");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String examples = alice.examples().forage(repo).repoRoot();
        return new Written(personal, shared, task, "receipts", examples);
    }

    /**
     * Every read path of the gate and every scoped finder, given the namespaces mallory may read: none answers
     * anything of alice's. Returns the finders it tried.
     */
    private List<String> tryEveryReadPath(CallerTransaction mallory, StorageTransaction tx, Written written,
            SessionId aliceSession) {
        Instant now = clock.instant();
        // Mallory announced a session, so she has a personal namespace of her own, and nothing else.
        Set<NamespaceId> readable = mallory.readable();
        assertThat(readable).containsExactly(mallory.personal().orElseThrow());
        assertThat(mallory.changeable()).isEqualTo(readable);
        assertThat(mallory.collections()).isEmpty();
        assertThat(mallory.memberships()).isEmpty();
        assertThat(mallory.memory(written.personal())).isEmpty();
        assertThat(mallory.memory(written.shared())).isEmpty();
        Memory shared = tx.memories().find(written.shared()).orElseThrow();
        assertThat(mallory.canRead(shared.namespace())).isFalse();
        assertThat(mallory.isAdmin(shared.namespace())).isFalse();
        Session session = tx.sessions().find(aliceSession).orElseThrow();
        assertThat(mallory.canSee(session)).isFalse();
        assertThatThrownBy(() -> mallory.requireVisibleSession("session_id", aliceSession))
                .isInstanceOfSatisfying(ColonyException.class, e -> assertThat(e.code())
                        .isEqualTo(ErrorCode.SESSION_NOT_FOUND));
        assertThatThrownBy(() -> mallory.membership("collection", "ops"))
                .isInstanceOfSatisfying(ColonyException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.NOT_FOUND));

        List<String> tried = new ArrayList<>();
        check(tried, "LandscapeRecords.recent", tx.landscape().recent(readable, Set.of(MemoryKind.FACT,
                MemoryKind.DECISION), now, 100));
        check(tried, "LandscapeRecords.tagged", tx.landscape().tagged(readable, MemoryKind.FACT, "billing", now, 100));
        check(tried, "MemoryRecords.timeline", tx.memories().timeline(aliceSession, readable, null, 100));
        check(tried, "TaskRecords.list", tx.tasks().list(readable, null, null, 100));
        check(tried, "TaskPostRecords.recentOfKinds", tx.taskPosts().recentOfKinds(readable,
                List.of(PostKind.DECISION.memoryKind(), PostKind.BLOCKER.memoryKind()), Instant.EPOCH, 100));
        check(tried, "TrackedTaskRecords.feed", tx.trackedTasks().feed(new FeedQuery(readable, null, null, null, now,
                100)));
        check(tried, "MessageRecords.addressedTo", tx.messages().addressedTo(new Recipient(readable,
                Set.of(written.task()), aliceSession, "any", "any", null, false, now, false, 100)));
        check(tried, "BatonRecords.listByNamespaces", tx.batons().listByNamespaces(readable,
                EnumSet.allOf(BatonStatus.class), 100));
        check(tried, "ClaimRecords.listByNamespaces", tx.claims().listByNamespaces(readable,
                EnumSet.allOf(ClaimState.class), 100));
        check(tried, "FileEditRecords.since", tx.fileEdits().since(readable, Instant.EPOCH, 100));
        check(tried, "PlanRecords.boundTo", tx.plans().boundTo(readable, REPO, "T1"));
        check(tried, "PlanRecords.findBySlug", tx.plans().findBySlug(readable, null, written.plan()));
        check(tried, "PlanRecords.list", tx.plans().list(readable, null, true, 100));
        check(tried, "ProposalRecords.list", tx.proposals().list(readable, REPO, "main", 100));
        check(tried, "RunRecords.list", tx.runs().list(readable, null, null, null, 100));
        Inbox inbox = new Inbox(readable, UserId.of("bob"), "claude-code", now, 0, true, 100);
        check(tried, "SignalRecords.pending", tx.signals().pending(inbox));
        assertThat(tx.signals().countPending(inbox)).isZero();
        tried.add("SignalRecords.countPending");
        Set<String> ofAlice = archived(tx, new ArchiveScope(UserId.of("alice"), Set.copyOf(
                tx.memories().findAll(List.of(written.personal(), written.shared())).stream()
                        .map(Memory::namespace).toList()), now));
        assertThat(ofAlice).isNotEmpty();
        List<String> leaked = archived(tx, new ArchiveScope(UserId.of("mallory"), readable, now)).stream()
                .filter(ofAlice::contains).toList();
        check(tried, "ArchiveRecords.read", leaked);
        // The examples table is keyed by one namespace: none mallory may read holds alice's foraged examples.
        for (NamespaceId namespace : readable) {
            assertThat(tx.examples().list(namespace, written.examples())).isEmpty();
            assertThat(tx.examples().find(namespace, written.examples(), "hello")).isEmpty();
        }
        return tried;
    }

    /** Every row of every table of the archive {@code scope} selects, as text. */
    private static Set<String> archived(StorageTransaction tx, ArchiveScope scope) {
        Set<String> rows = new TreeSet<>();
        for (ArchiveTable table : tx.archive().tables()) {
            tx.archive().read(table.name(), scope, row -> rows.add(table.name() + " " + row));
        }
        return rows;
    }

    private static void check(List<String> tried, String finder, List<?> rows) {
        assertThat(rows).as(finder).isEmpty();
        tried.add(finder);
    }
}
