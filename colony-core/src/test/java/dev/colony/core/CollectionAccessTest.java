package dev.colony.core;

import static dev.colony.core.ColonyTestSupport.as;
import static dev.colony.core.ColonyTestSupport.assertRefused;
import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.CallerScope;
import dev.colony.api.ErrorCode;
import dev.colony.api.Namespace;
import dev.colony.api.NamespaceKind;
import dev.colony.api.UserId;
import dev.colony.api.collection.CollectionSummary;
import dev.colony.api.collection.MemberRole;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.SearchHit;
import dev.colony.api.memory.SearchQuery;
import dev.colony.api.memory.TimelineEntry;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.spi.storage.StorageProvider;
import dev.colony.store.tck.MutableClock;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Collections as the access gate, on every store: a non-member sees nothing of a collection through any
 * read path and cannot write into it, a reader reads but cannot write, a member of a knowledge pack
 * reads but only admins write, and a removed member loses access at once, also in another process's
 * Colony on the same store (which caches nothing about membership).
 */
class CollectionAccessTest {

    private static final String SECRET = "Payments retry card captures three times on gateway timeouts";

    @TempDir
    Path dir;

    private final MutableClock clock = new MutableClock(ColonyTestSupport.START);


    private Colony open(Function<Path, StorageProvider> store) {
        return Colony.builder().storage(store.apply(dir)).search(LuceneSearch.inMemory()).clock(clock).build();
    }


    private static List<Long> found(CallerScope caller, String query) {
        return caller.memories().search(SearchQuery.of(query)).stream().map(SearchHit::id)
                .map(id -> id.value()).toList();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.colony.core.ColonyTestSupport#stores")
    void aNonMemberSeesNothingOfACollectionAndAReaderCannotWriteIntoIt(String name,
            Function<Path, StorageProvider> store) {
        try (Colony colony = open(store)) {
            CallerScope alice = as(colony, "alice");
            CallerScope bob = as(colony, "bob");
            CallerScope carol = as(colony, "carol");
            alice.collections().create("payments", NamespaceKind.COLLABORATIVE);
            alice.collections().addMember("payments", UserId.of("carol"), MemberRole.READER);
            Memory shared = alice.memories().add(MemoryDraft.of(MemoryKind.DECISION, SECRET)
                    .withCollection("payments"));
            Memory personal = alice.memories().add(MemoryDraft.of(MemoryKind.FACT, "Alice keeps gateway notes"));

            assertThat(found(bob, "card captures gateway")).as("bob, no member").isEmpty();
            assertRefused(() -> bob.memories().get(List.of(shared.id())), ErrorCode.NOT_FOUND, "ids");
            assertRefused(() -> bob.memories().add(MemoryDraft.of(MemoryKind.FACT, "sneaking in")
                    .withCollection("payments")), ErrorCode.NOT_FOUND, "collection");
            assertRefused(() -> bob.collections().addMember("payments", UserId.of("bob"), MemberRole.ADMIN),
                    ErrorCode.NOT_FOUND, "collection");
            assertThat(bob.collections().list()).isEmpty();

            assertThat(found(carol, "card captures gateway")).as("carol, a reader").containsExactly(
                    shared.id().value());
            assertThat(carol.memories().get(List.of(shared.id()))).extracting(Memory::content).containsExactly(SECRET);
            assertRefused(() -> carol.memories().get(List.of(personal.id())), ErrorCode.NOT_FOUND, "ids");
            assertRefused(() -> carol.memories().add(MemoryDraft.of(MemoryKind.FACT, "a reader writes")
                    .withCollection("payments")), ErrorCode.FORBIDDEN, "collection");
            assertRefused(() -> carol.collections().addMember("payments", UserId.of("bob"), MemberRole.READER),
                    ErrorCode.FORBIDDEN, "collection");

            assertThat(found(alice, "card captures gateway")).containsExactlyInAnyOrder(shared.id().value(),
                    personal.id().value());
            assertThat(alice.memories().add(MemoryDraft.of(MemoryKind.FACT, "Alice writes to herself")
                    .withCollection("me")).namespace()).isEqualTo(personal.namespace());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.colony.core.ColonyTestSupport#stores")
    void aRemovedMemberLosesAccessAtOnceInEveryProcess(String name, Function<Path, StorageProvider> store) {
        try (Colony first = open(store)) {
            CallerScope alice = as(first, "alice");
            alice.collections().create("payments", NamespaceKind.COLLABORATIVE);
            alice.collections().addMember("payments", UserId.of("carol"), MemberRole.MEMBER);
            Memory shared = alice.memories().add(MemoryDraft.of(MemoryKind.DECISION, SECRET)
                    .withCollection("payments"));
            try (Colony second = name.equals("h2-file") ? null : open(store)) {
                CallerScope carol = as(second == null ? first : second, "carol");
                assertThat(found(carol, "card captures gateway")).containsExactly(shared.id().value());
                Memory written = carol.memories().add(MemoryDraft.of(MemoryKind.FACT,
                        "Carol notes that gateway timeouts peak on Mondays").withCollection("payments"));

                assertThat(alice.collections().removeMember("payments", UserId.of("carol"))).isTrue();

                assertThat(found(carol, "card captures gateway")).as("at once, in the other process").isEmpty();
                assertThat(found(carol, "Mondays")).as("even what carol wrote there").isEmpty();
                assertRefused(() -> carol.memories().get(List.of(shared.id(), written.id())), ErrorCode.NOT_FOUND,
                        "ids");
                assertRefused(() -> carol.memories().add(MemoryDraft.of(MemoryKind.FACT, "still here?")
                        .withCollection("payments")), ErrorCode.NOT_FOUND, "collection");
                assertThat(carol.collections().list()).isEmpty();
                assertThat(carol.memories().timeline(carol.actor().session(), null, 10))
                        .as("not even the ids of what carol's session wrote there")
                        .extracting(TimelineEntry::id).doesNotContain(written.id());
                assertRefused(() -> carol.memories().timeline(carol.actor().session(), written.id(), 10),
                        ErrorCode.NOT_FOUND, "around_id");
                assertThat(found(alice, "Mondays")).containsExactly(written.id().value());
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.colony.core.ColonyTestSupport#stores")
    void onlyAdminsWriteAKnowledgePackAndManageMembersAndACollectionKeepsAnAdmin(String name,
            Function<Path, StorageProvider> store) {
        try (Colony colony = open(store)) {
            CallerScope alice = as(colony, "alice");
            CallerScope dave = as(colony, "dave");
            Namespace pack = alice.collections().create("handbook", NamespaceKind.KNOWLEDGE_PACK);
            alice.collections().addMember("handbook", UserId.of("dave"), MemberRole.MEMBER);

            assertThat(pack.kind()).isEqualTo(NamespaceKind.KNOWLEDGE_PACK);
            assertRefused(() -> dave.memories().add(MemoryDraft.of(MemoryKind.FACT, "a member writes a pack")
                    .withCollection("handbook")), ErrorCode.FORBIDDEN, "collection");
            Memory curated = alice.memories().add(MemoryDraft.of(MemoryKind.FACT, "Releases ship on Tuesdays")
                    .withCollection("handbook"));
            assertThat(dave.memories().get(List.of(curated.id()))).hasSize(1);
            assertRefused(() -> alice.collections().removeMember("handbook", UserId.of("alice")),
                    ErrorCode.CONFLICT, "user");
            assertRefused(() -> alice.collections().addMember("handbook", UserId.of("alice"), MemberRole.READER),
                    ErrorCode.CONFLICT, "user");
            assertRefused(() -> dave.collections().removeMember("handbook", UserId.of("alice")),
                    ErrorCode.FORBIDDEN, "collection");

            alice.collections().addMember("handbook", UserId.of("dave"), MemberRole.ADMIN);
            assertThat(alice.collections().removeMember("handbook", UserId.of("alice"))).as("no longer the last")
                    .isTrue();
            assertThat(alice.collections().list()).isEmpty();
            assertThat(dave.collections().list()).singleElement().satisfies(summary -> {
                assertThat(summary.slug()).isEqualTo("handbook");
                assertThat(summary.role()).isEqualTo(MemberRole.ADMIN);
                assertThat(summary.members()).isEqualTo(1);
                assertThat(summary.memories()).isEqualTo(1);
            });
            assertThat(dave.collections().removeMember("handbook", UserId.of("erin"))).as("never a member").isFalse();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.colony.core.ColonyTestSupport#stores")
    void aPersonalMemoryIsPublishedAsACopyAndBadNamesAreRefusedByField(String name,
            Function<Path, StorageProvider> store) {
        try (Colony colony = open(store)) {
            CallerScope alice = as(colony, "alice");
            CallerScope bob = as(colony, "bob");
            alice.collections().create("payments", NamespaceKind.COLLABORATIVE);
            alice.collections().addMember("payments", UserId.of("bob"), MemberRole.MEMBER);
            Memory mine = alice.memories().add(MemoryDraft.of(MemoryKind.DECISION, SECRET)
                    .withTopics(List.of("payments", "retries")));
            Memory bobs = bob.memories().add(MemoryDraft.of(MemoryKind.FACT, "Bob's private note"));

            assertThat(found(bob, "card captures")).isEmpty();
            Memory published = alice.collections().publish(mine.id(), "payments");

            assertThat(published.id()).isNotEqualTo(mine.id());
            assertThat(published.content()).isEqualTo(SECRET);
            assertThat(published.kind()).isEqualTo(MemoryKind.DECISION);
            assertThat(published.topics()).containsExactly("payments", "retries");
            assertThat(found(bob, "card captures")).containsExactly(published.id().value());
            assertThat(found(alice, "card captures")).containsExactlyInAnyOrder(mine.id().value(),
                    published.id().value());
            assertRefused(() -> alice.collections().publish(bobs.id(), "payments"), ErrorCode.NOT_FOUND, "memory_id");
            assertRefused(() -> alice.collections().publish(published.id(), "payments"), ErrorCode.INVALID_ARGUMENT,
                    "memory_id");
            assertThat(alice.collections().list()).extracting(CollectionSummary::memories).containsExactly(1L);

            assertRefused(() -> alice.collections().create("payments", NamespaceKind.COLLABORATIVE),
                    ErrorCode.CONFLICT, "collection");
            assertRefused(() -> alice.collections().create("Pay Ments", NamespaceKind.COLLABORATIVE),
                    ErrorCode.INVALID_ARGUMENT, "collection");
            assertRefused(() -> alice.collections().create("me", NamespaceKind.COLLABORATIVE),
                    ErrorCode.INVALID_ARGUMENT, "collection");
            assertRefused(() -> alice.collections().create("team", NamespaceKind.PERSONAL),
                    ErrorCode.INVALID_ARGUMENT, "kind");
            assertRefused(() -> alice.collections().create("team", null), ErrorCode.INVALID_ARGUMENT, "kind");
            assertRefused(() -> alice.memories().add(MemoryDraft.of(MemoryKind.FACT, "nowhere")
                    .withCollection("  ")), ErrorCode.INVALID_ARGUMENT, "collection");
            assertRefused(() -> alice.memories().add(MemoryDraft.of(MemoryKind.FACT, "nowhere")
                    .withCollection("no-such-team")), ErrorCode.NOT_FOUND, "collection");
        }
    }

}
