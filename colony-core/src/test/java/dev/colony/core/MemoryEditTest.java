package dev.colony.core;

import static dev.colony.core.ColonyTestSupport.as;
import static dev.colony.core.ColonyTestSupport.assertRefused;
import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.CallerScope;
import dev.colony.api.ErrorCode;
import dev.colony.api.NamespaceKind;
import dev.colony.api.UserId;
import dev.colony.api.collection.MemberRole;
import dev.colony.api.memory.EditedMemory;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryEdit;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.SearchHit;
import dev.colony.api.memory.SearchQuery;
import dev.colony.api.memory.TaskChecklist;
import dev.colony.api.task.FeedTask;
import dev.colony.api.task.TaskFeedQuery;
import dev.colony.api.task.TaskStatus;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.spi.storage.StorageProvider;
import dev.colony.store.tck.MutableClock;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Editing memories on every store: content (searchable at once), metadata, task surgery kept in step with
 * the task and its feed row, outputs as linked results, versions that refuse a stale edit, and the access
 * gate (readers, outsiders and members that did not write the memory cannot edit it).
 */
class MemoryEditTest {

    @TempDir
    Path dir;

    private final MutableClock clock = new MutableClock(ColonyTestSupport.START);


    private Colony open(Function<Path, StorageProvider> store) {
        return Colony.builder().storage(store.apply(dir)).search(LuceneSearch.inMemory()).clock(clock).build();
    }


    private static long version(CallerScope caller, Memory memory) {
        return caller.memories().versions(List.of(memory.id())).get(memory.id());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.colony.core.ColonyTestSupport#stores")
    void contentAndMetadataEditsApplyOnceAndAStaleVersionChangesNothing(String name,
            Function<Path, StorageProvider> store) {
        try (Colony colony = open(store)) {
            CallerScope alice = as(colony, "alice");
            Memory fact = alice.memories().add(MemoryDraft.of(MemoryKind.FACT, "Invoices render with wkhtmltopdf")
                    .withTopics(List.of("invoices")).withPointers("INV-7", null));
            long read = version(alice, fact);
            clock.advance(Duration.ofMinutes(1));

            EditedMemory edited = alice.memories().edit(MemoryEdit.of(fact.id()).expecting(read)
                    .withContent("Invoices render with headless Chromium since the PDF engine swap"));

            assertThat(edited.version()).isGreaterThan(read);
            assertThat(edited.memory().topics()).as("own topics kept, ref re-injected").containsExactly("invoices",
                    "inv-7");
            assertThat(edited.memory().updatedAt()).isEqualTo(ColonyTestSupport.START.plus(Duration.ofMinutes(1)));
            assertThat(alice.memories().search(SearchQuery.of("Chromium"))).extracting(SearchHit::id)
                    .containsExactly(fact.id());
            assertRefused(() -> alice.memories().edit(MemoryEdit.of(fact.id()).expecting(read)
                    .withContent("A stale edit")), ErrorCode.VERSION_CONFLICT, "expected_version");
            assertThat(alice.memories().get(List.of(fact.id())).get(0).content()).contains("Chromium");

            Instant day = Instant.parse("2026-06-01T00:00:00Z");
            EditedMemory patched = alice.memories().edit(MemoryEdit.of(fact.id()).withType(MemoryKind.DECISION)
                    .withTopics(List.of("pdf", "invoices")).withExpiresAt(day));
            assertThat(patched.memory().kind()).isEqualTo(MemoryKind.DECISION);
            assertThat(patched.memory().topics()).containsExactly("pdf", "invoices", "inv-7");
            assertThat(patched.memory().expiresAt()).isEqualTo(day);
            assertThat(patched.memory().content()).as("kept").contains("Chromium");
            assertThat(alice.memories().edit(MemoryEdit.of(fact.id()).withExpiresAt(null)).memory().expiresAt())
                    .isNull();

            assertRefused(() -> alice.memories().edit(MemoryEdit.of(fact.id()).withType(MemoryKind.TASK)),
                    ErrorCode.INVALID_ARGUMENT, "type");
            assertRefused(() -> alice.memories().edit(MemoryEdit.of(fact.id()).toggling(List.of(0))),
                    ErrorCode.INVALID_ARGUMENT, "toggle");
            assertRefused(() -> alice.memories().edit(MemoryEdit.of(fact.id()).withTopics(List.of("two words"))),
                    ErrorCode.INVALID_ARGUMENT, "topics[0]");
            assertRefused(() -> alice.memories().edit(MemoryEdit.of(fact.id())), ErrorCode.INVALID_ARGUMENT,
                    "memory_id");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.colony.core.ColonyTestSupport#stores")
    void taskSurgeryKeepsTheChecklistTheTaskAndItsFeedInStep(String name, Function<Path, StorageProvider> store) {
        try (Colony colony = open(store)) {
            CallerScope alice = as(colony, "alice");
            Memory task = alice.memories().add(MemoryDraft.task(TaskChecklist.of("Ship billing v2",
                    List.of("migrate", "deploy", "announce"), TaskStatus.ACTIVE)).withTopics(List.of("billing")));
            clock.advance(Duration.ofMinutes(5));

            EditedMemory first = alice.memories().edit(MemoryEdit.of(task.id()).toggling(List.of(0, 1))
                    .rewritingSteps(Map.of(2, "announce in #billing")).removingSteps(List.of(1))
                    .addingSteps(List.of("watch error rates")));

            TaskChecklist checklist = TaskChecklist.parse(first.memory().content()).orElseThrow();
            assertThat(checklist.steps()).containsExactly(new TaskChecklist.Step("migrate", true),
                    new TaskChecklist.Step("announce in #billing", false),
                    new TaskChecklist.Step("watch error rates", false));
            FeedTask row = alice.taskFeed().feed(TaskFeedQuery.all()).get(0);
            assertThat(row.progress()).isEqualTo(new FeedTask.Progress(1, 3));
            assertThat(row.updatedAt()).isEqualTo(ColonyTestSupport.START.plus(Duration.ofMinutes(5)));

            EditedMemory done = alice.memories().edit(MemoryEdit.of(task.id()).withStatus(TaskStatus.DONE)
                    .withOutput("Billing v2 is live; error rates flat after 24 h."));

            assertThat(done.memory().kind()).isEqualTo(MemoryKind.TASK_DONE);
            assertThat(alice.tasks().get(task.task()).status()).isEqualTo(TaskStatus.DONE);
            assertThat(done.result()).isNotNull();
            assertThat(done.result().kind()).isEqualTo(MemoryKind.RESULT);
            assertThat(done.result().ref()).isEqualTo(task.id().toString());
            assertThat(done.result().topics()).containsExactly("billing", task.id().toString());
            assertThat(done.result().task()).isEqualTo(task.task());
            assertThat(alice.taskFeed().feed(TaskFeedQuery.all().withStatus(TaskStatus.DONE)))
                    .extracting(FeedTask::memory).containsExactly(task.id());

            EditedMemory reopened = alice.memories().edit(MemoryEdit.of(task.id()).withStatus(TaskStatus.BLOCKED));
            assertThat(reopened.memory().kind()).isEqualTo(MemoryKind.TASK);
            assertThat(alice.tasks().get(task.task()).status()).isEqualTo(TaskStatus.BLOCKED);

            assertRefused(() -> alice.memories().edit(MemoryEdit.of(task.id()).toggling(List.of(3))),
                    ErrorCode.INVALID_ARGUMENT, "toggle");
            assertRefused(() -> alice.memories().edit(MemoryEdit.of(task.id()).removingSteps(List.of(0, 1, 2))),
                    ErrorCode.INVALID_ARGUMENT, "remove_steps");
            assertRefused(() -> alice.memories().edit(MemoryEdit.of(task.id()).addingSteps(List.of("a", "b", "c",
                    "d", "e", "f", "g", "h"))), ErrorCode.INVALID_ARGUMENT, "add_steps");
            assertRefused(() -> alice.memories().edit(MemoryEdit.of(task.id()).withContent("x")
                    .toggling(List.of(0))), ErrorCode.INVALID_ARGUMENT, "content");

            Memory text = alice.memories().add(MemoryDraft.of(MemoryKind.TASK, "Renew the TLS certificate"));
            assertThat(alice.memories().edit(MemoryEdit.of(text.id()).withStatus(TaskStatus.DONE)).memory().kind())
                    .isEqualTo(MemoryKind.TASK_DONE);
            assertThat(alice.tasks().get(text.task()).status()).isEqualTo(TaskStatus.DONE);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.colony.core.ColonyTestSupport#stores")
    void aChangedTypeIsStoredReadBackAndFoundByItsTypeFilter(String name, Function<Path, StorageProvider> store) {
        try (Colony colony = open(store)) {
            CallerScope alice = as(colony, "alice");
            Memory task = alice.memories().add(MemoryDraft.task(TaskChecklist.of("Rotate the signing keys",
                    List.of("generate", "publish"), TaskStatus.ACTIVE)));
            Memory fact = alice.memories().add(MemoryDraft.of(MemoryKind.FACT, "Signing keys live in the vault"));

            alice.memories().edit(MemoryEdit.of(task.id()).withStatus(TaskStatus.DONE));
            alice.memories().edit(MemoryEdit.of(fact.id()).withType(MemoryKind.DECISION));

            assertThat(alice.memories().get(List.of(task.id(), fact.id()))).extracting(Memory::kind)
                    .containsExactly(MemoryKind.TASK_DONE, MemoryKind.DECISION);
            assertThat(alice.memories().search(SearchQuery.of("signing keys").withKinds(Set.of(MemoryKind.TASK_DONE))))
                    .extracting(SearchHit::id).containsExactly(task.id());
            assertThat(alice.memories().search(SearchQuery.of("signing keys").withKinds(Set.of(MemoryKind.TASK))))
                    .isEmpty();
            assertThat(alice.memories().search(SearchQuery.of("signing keys").withKinds(Set.of(MemoryKind.DECISION))))
                    .extracting(SearchHit::id).containsExactly(fact.id());

            alice.memories().edit(MemoryEdit.of(task.id()).withStatus(TaskStatus.ACTIVE));
            assertThat(alice.memories().get(List.of(task.id()))).extracting(Memory::kind)
                    .containsExactly(MemoryKind.TASK);
            assertThat(alice.memories().search(SearchQuery.of("signing keys").withKinds(Set.of(MemoryKind.TASK))))
                    .extracting(SearchHit::id).containsExactly(task.id());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.colony.core.ColonyTestSupport#stores")
    void onlyWritersEditAndOutsidersLearnNothing(String name, Function<Path, StorageProvider> store) {
        try (Colony colony = open(store)) {
            CallerScope alice = as(colony, "alice");
            CallerScope carol = as(colony, "carol");
            CallerScope mallory = as(colony, "mallory");
            alice.collections().create("ops", NamespaceKind.COLLABORATIVE);
            alice.collections().addMember("ops", UserId.of("carol"), MemberRole.READER);
            Memory shared = alice.memories().add(MemoryDraft.of(MemoryKind.FACT, "Ops pages go to the rota")
                    .withCollection("ops"));

            assertRefused(() -> carol.memories().edit(MemoryEdit.of(shared.id()).withContent("Carol rewrites")),
                    ErrorCode.FORBIDDEN, "memory_id");
            assertRefused(() -> mallory.memories().edit(MemoryEdit.of(shared.id()).withContent("Mallory rewrites")),
                    ErrorCode.NOT_FOUND, "memory_id");
            assertThat(mallory.memories().versions(List.of(shared.id()))).isEmpty();

            alice.collections().addMember("ops", UserId.of("carol"), MemberRole.MEMBER);
            assertRefused(() -> carol.memories().edit(MemoryEdit.of(shared.id()).withContent("Carol rewrites")),
                    ErrorCode.FORBIDDEN, "memory_id");
            alice.collections().addMember("ops", UserId.of("carol"), MemberRole.ADMIN);
            assertThat(carol.memories().edit(MemoryEdit.of(shared.id()).withContent("Ops pages go to the on-call "
                    + "rota first")).memory().content()).contains("on-call");
            alice.collections().removeMember("ops", UserId.of("carol"));
            assertRefused(() -> carol.memories().edit(MemoryEdit.of(shared.id()).withContent("Still here")),
                    ErrorCode.NOT_FOUND, "memory_id");
        }
    }

}
