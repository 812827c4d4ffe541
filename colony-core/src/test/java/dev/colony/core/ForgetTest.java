package dev.colony.core;

import static dev.colony.core.ColonyTestSupport.as;
import static dev.colony.core.ColonyTestSupport.assertRefused;
import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.CallerScope;
import dev.colony.api.ErrorCode;
import dev.colony.api.MemoryId;
import dev.colony.api.NamespaceKind;
import dev.colony.api.UserId;
import dev.colony.api.collection.MemberRole;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryEdit;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.SearchHit;
import dev.colony.api.memory.SearchQuery;
import dev.colony.api.memory.TaskChecklist;
import dev.colony.api.memory.TimelineEntry;
import dev.colony.api.task.FeedTask;
import dev.colony.api.task.TaskFeedQuery;
import dev.colony.api.task.TaskStatus;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.spi.storage.ForgottenMemory;
import dev.colony.spi.storage.Presence;
import dev.colony.spi.storage.StorageProvider;
import dev.colony.store.sqlite.SqliteStorageProvider;
import dev.colony.store.tck.MutableClock;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Forgetting on every store: a forgotten memory leaves every read path at once while the audit trail keeps
 * it; only its author or an admin of its collection may forget it; the store owner's purge wipes it from the
 * store and from the search index's files.
 */
class ForgetTest {

    @TempDir
    Path dir;

    private final MutableClock clock = new MutableClock(ColonyTestSupport.START);

    private Colony open(Function<Path, StorageProvider> store) {
        return Colony.builder().storage(store.apply(dir)).search(LuceneSearch.inMemory()).clock(clock).build();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.colony.core.ColonyTestSupport#stores")
    void aForgottenMemoryLeavesEveryReadPathAtOnce(String name, Function<Path, StorageProvider> store) {
        try (Colony colony = open(store)) {
            CallerScope alice = as(colony, "alice");
            Memory kept = alice.memories().add(MemoryDraft.of(MemoryKind.FACT, "Staging deploys run at noon")
                    .withTopics(List.of("staging")));
            Memory secret = alice.memories().add(MemoryDraft.of(MemoryKind.FACT, "The staging database password "
                    + "is tulip42 until rotation").withTopics(List.of("staging", "password")));
            Memory task = alice.memories().add(MemoryDraft.task(TaskChecklist.of("Rotate the staging password",
                    List.of("generate", "deploy"), TaskStatus.ACTIVE)));
            assertThat(alice.memories().search(SearchQuery.of("tulip42"))).extracting(SearchHit::id)
                    .containsExactly(secret.id());

            alice.memories().forget(secret.id(), null);
            alice.memories().forget(task.id(), alice.memories().versions(List.of(task.id())).get(task.id()));

            assertThat(alice.memories().search(SearchQuery.of("tulip42"))).isEmpty();
            assertThat(alice.memories().search(SearchQuery.of("staging password"))).extracting(SearchHit::id)
                    .doesNotContain(secret.id(), task.id());
            assertRefused(() -> alice.memories().get(List.of(kept.id(), secret.id())), ErrorCode.NOT_FOUND, "ids");
            assertThat(alice.memories().versions(List.of(secret.id()))).isEmpty();
            assertThat(alice.memories().timeline(alice.actor().session(), null, 10)).extracting(TimelineEntry::id)
                    .doesNotContain(secret.id(), task.id());
            assertThat(alice.taskFeed().feed(TaskFeedQuery.all())).extracting(FeedTask::memory)
                    .doesNotContain(task.id());
            assertThat(alice.briefing().coreMemories(null).activeTasks()).isEmpty();
            assertThat(alice.briefing().coreMemories(null).landscape().topics())
                    .noneMatch(count -> count.topic().equals("password"));
            assertRefused(() -> alice.memories().forget(secret.id(), null), ErrorCode.NOT_FOUND, "memory_id");
            assertRefused(() -> alice.memories().edit(MemoryEdit.of(secret.id()).withContent("Back again")),
                    ErrorCode.NOT_FOUND, "memory_id");
            ForgottenMemory audit = colony.storage().read(tx -> tx.memoryForgetting().forgottenMemory(secret.id()))
                    .orElseThrow();
            assertThat(audit.memory().content()).as("kept for the audit trail").contains("tulip42");
            assertThat(audit.forgottenBy()).isEqualTo("alice");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.colony.core.ColonyTestSupport#stores")
    void onlyTheAuthorOrAnAdminForgetsAndOutsidersLearnNothing(String name, Function<Path, StorageProvider> store) {
        try (Colony colony = open(store)) {
            CallerScope alice = as(colony, "alice");
            CallerScope bob = as(colony, "bob");
            CallerScope carol = as(colony, "carol");
            CallerScope mallory = as(colony, "mallory");
            alice.collections().create("ops", NamespaceKind.COLLABORATIVE);
            alice.collections().addMember("ops", UserId.of("bob"), MemberRole.MEMBER);
            alice.collections().addMember("ops", UserId.of("carol"), MemberRole.READER);
            Memory bobs = bob.memories().add(MemoryDraft.of(MemoryKind.FACT, "The pager rota lives in the wiki")
                    .withCollection("ops"));
            Memory alices = alice.memories().add(MemoryDraft.of(MemoryKind.FACT, "Escalate billing incidents to "
                    + "finance").withCollection("ops"));
            Memory another = bob.memories().add(MemoryDraft.of(MemoryKind.DECISION, "Rotas change on Mondays")
                    .withCollection("ops"));

            assertRefused(() -> mallory.memories().forget(bobs.id(), null), ErrorCode.NOT_FOUND, "memory_id");
            assertRefused(() -> carol.memories().forget(bobs.id(), null), ErrorCode.FORBIDDEN, "memory_id");
            assertRefused(() -> bob.memories().forget(alices.id(), null), ErrorCode.FORBIDDEN, "memory_id");
            assertRefused(() -> bob.memories().forget(another.id(), 1L), ErrorCode.VERSION_CONFLICT,
                    "expected_version");
            assertThat(carol.memories().get(List.of(bobs.id(), alices.id(), another.id()))).hasSize(3);

            bob.memories().forget(bobs.id(), null);
            alice.memories().forget(another.id(), null);

            assertRefused(() -> carol.memories().get(List.of(bobs.id())), ErrorCode.NOT_FOUND, "ids");
            assertRefused(() -> carol.memories().get(List.of(another.id())), ErrorCode.NOT_FOUND, "ids");
            ForgottenMemory byAdmin = colony.storage().read(tx -> tx.memoryForgetting().forgottenMemory(another.id()))
                    .orElseThrow();
            assertThat(byAdmin.forgottenBy()).isEqualTo("alice");
        }
    }

    @Test
    void aPurgeWipesTheMemoryFromTheStoreAndTheIndexFiles() throws IOException {
        String secret = "ghp" + "Zq8vK2mXw7Lp4Rt9";
        Path data = dir.resolve("data");
        MemoryId leaked;
        try (Colony colony = Colony.builder().storage(SqliteStorageProvider.open(data.resolve("c.db")))
                .search(LuceneSearch.at(data.resolve("c.index"))).clock(clock).build()) {
            CallerScope alice = as(colony, "alice");
            for (int i = 0; i < 30; i++) {
                alice.memories().add(MemoryDraft.of(MemoryKind.FACT, "Filler fact number " + i + " about builds"));
            }
            leaked = alice.memories().add(MemoryDraft.of(MemoryKind.FACT, "The CI token is " + secret)).id();
            alice.memories().add(MemoryDraft.of(MemoryKind.FACT, "Written after the token"));
            alice.memories().forget(leaked, null);
        }
        assertThat(contains(data, secret)).as("forgetting keeps it for the audit trail").isTrue();

        try (Colony colony = Colony.builder().storage(SqliteStorageProvider.open(data.resolve("c.db")))
                .search(LuceneSearch.at(data.resolve("c.index"))).clock(clock).build()) {
            ForgottenMemory purged = colony.admin().purge(leaked, "owner:test");
            assertThat(purged.presence()).isEqualTo(Presence.PURGED);
            assertThat(purged.forgottenBy()).as("who forgot it first").isEqualTo("alice");
            assertRefused(() -> colony.admin().purge(leaked, "owner:test"), ErrorCode.INVALID_ARGUMENT,
                    "memory_id");
            assertRefused(() -> colony.admin().forget(MemoryId.of(999_999), "owner:test"), ErrorCode.NOT_FOUND,
                    "memory_id");
        }

        assertThat(contains(data, secret)).as("gone from the store and the index").isFalse();
    }

    /** Whether any file under {@code root} holds {@code text}'s bytes. */
    private static boolean contains(Path root, String text) throws IOException {
        byte[] needle = text.getBytes(StandardCharsets.UTF_8);
        try (Stream<Path> files = Files.walk(root)) {
            for (Path path : files.filter(Files::isRegularFile).toList()) {
                byte[] bytes = Files.readAllBytes(path);
                for (int i = 0; i + needle.length <= bytes.length; i++) {
                    if (Arrays.equals(bytes, i, i + needle.length, needle, 0, needle.length)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }
}
