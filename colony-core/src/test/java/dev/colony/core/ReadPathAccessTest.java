package dev.colony.core;

import static dev.colony.core.ColonyTestSupport.as;
import static dev.colony.core.ColonyTestSupport.assertRefused;
import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.CallerScope;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.MemoryId;
import dev.colony.api.NamespaceKind;
import dev.colony.api.TaskId;
import dev.colony.api.UserId;
import dev.colony.api.attention.Attention;
import dev.colony.api.attention.AttentionQuery;
import dev.colony.api.briefing.CoreMemories;
import dev.colony.api.collection.MemberRole;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryEdit;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.SearchHit;
import dev.colony.api.memory.SearchMode;
import dev.colony.api.memory.SearchQuery;
import dev.colony.api.memory.TaskChecklist;
import dev.colony.api.memory.TimelineEntry;
import dev.colony.api.message.MessageDraft;
import dev.colony.api.signal.Signal;
import dev.colony.api.signal.SignalDraft;
import dev.colony.api.task.FeedTask;
import dev.colony.api.task.PostDraft;
import dev.colony.api.task.PostKind;
import dev.colony.api.task.TaskFeedQuery;
import dev.colony.api.task.TaskStatus;
import dev.colony.embedding.onnx.OnnxEmbedder;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.spi.storage.StorageProvider;
import dev.colony.store.tck.MutableClock;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The access gate as one suite, on every store, over every read path an agent has: memory_search and search
 * (hybrid and keyword), search by meaning alone (vector), memory_retrieve and get_observations, timeline, task_feed,
 * signal check, init_core_memories and the attention inbox. A non-member finds nothing of a collection on any
 * of them, a reader reads but cannot write, forget or edit, and a removed member loses every path at once. In a
 * collection a member edits only its own memories (an admin any): a refused edit changes no read path. A
 * private memory written between shared ones does not move how they rank for another member.
 */
class ReadPathAccessTest {

    private static final String SECRET = "Ops rotates the database credentials every Friday at noon";
    private static final String PORT_QUESTION = "Which port does the staging gateway listen on?";
    private static final String PORT_REPLY = "8443, since the March migration.";

    @TempDir
    Path dir;

    private final MutableClock clock = new MutableClock(ColonyTestSupport.START);

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.colony.core.ColonyTestSupport#stores")
    void noReadPathShowsACollectionToAnOutsiderOrAFormerMember(String name, Function<Path, StorageProvider> store) {
        try (Colony colony = Colony.builder().storage(store.apply(dir)).search(LuceneSearch.inMemory()).clock(clock)
                .embedder(OnnxEmbedder.of(OnnxEmbedder.DEFAULT_MODEL, dir.resolve("natives"))).build()) {
            CallerScope alice = as(colony, "alice");
            CallerScope bob = as(colony, "bob");
            CallerScope carol = as(colony, "carol");
            CallerScope mallory = as(colony, "mallory");
            alice.collections().create("ops", NamespaceKind.COLLABORATIVE);
            alice.collections().addMember("ops", UserId.of("bob"), MemberRole.MEMBER);
            alice.collections().addMember("ops", UserId.of("carol"), MemberRole.READER);
            Memory secret = alice.memories().add(MemoryDraft.of(MemoryKind.DECISION, SECRET)
                    .withTopics(List.of("credentials")).withCollection("ops"));
            Memory task = alice.memories().add(MemoryDraft.task(TaskChecklist.of("Rotate the ops credentials",
                    List.of("generate", "deploy"), TaskStatus.ACTIVE)).withCollection("ops"));
            TaskId thread = task.task();
            bob.tasks().join(thread);
            alice.messages().send(MessageDraft.to(thread, "Bob, the credentials rotate on Friday")
                    .withToAgent("claude-code"));
            alice.tasks().post(thread, PostDraft.of(PostKind.BLOCKER, "The credentials vault is read-only"));
            alice.signals().send(SignalDraft.of("ops", "bob", List.of(secret.id())));
            alice.signals().send(SignalDraft.of("ops", "carol", List.of(secret.id())));
            Memory bobs = bob.memories().add(MemoryDraft.of(MemoryKind.FACT, "Bob checked the credentials vault")
                    .withCollection("ops"));
            Set<MemoryId> shared = Set.of(secret.id(), task.id(), bobs.id());

            assertThat(paths(bob, shared)).as("bob, a member").allMatch(ReadPath::showsSomething);
            assertThat(paths(carol, shared)).as("carol, a reader, who wrote nothing and is on no thread")
                    .filteredOn(path -> !path.name().equals("attention") && !path.name().equals("own timeline"))
                    .allMatch(ReadPath::showsSomething);
            assertThat(paths(mallory, shared)).as("mallory, no member").noneMatch(ReadPath::showsSomething);
            assertRefused(() -> mallory.memories().timeline(alice.actor().session(), null, 10),
                    ErrorCode.SESSION_NOT_FOUND, "session_id");
            assertRefused(() -> mallory.memories().get(List.of(secret.id())), ErrorCode.NOT_FOUND, "ids");

            assertRefused(() -> carol.memories().add(MemoryDraft.of(MemoryKind.FACT, "a reader writes")
                    .withCollection("ops")), ErrorCode.FORBIDDEN, "collection");
            assertRefused(() -> carol.memories().edit(MemoryEdit.of(secret.id()).withContent("a reader edits")),
                    ErrorCode.FORBIDDEN, "memory_id");
            assertRefused(() -> carol.memories().edit(MemoryEdit.of(task.id()).toggling(List.of(0))),
                    ErrorCode.FORBIDDEN, "memory_id");
            assertRefused(() -> carol.memories().forget(secret.id(), null), ErrorCode.FORBIDDEN, "memory_id");
            assertRefused(() -> carol.tasks().post(thread, PostDraft.of(PostKind.NOTE, "a reader posts")),
                    ErrorCode.FORBIDDEN, "task_id");
            assertRefused(() -> carol.messages().send(MessageDraft.to(thread, "a reader messages")),
                    ErrorCode.FORBIDDEN, "task_id");

            alice.collections().removeMember("ops", UserId.of("bob"));

            assertThat(paths(bob, shared)).as("bob, removed").noneMatch(ReadPath::showsSomething);
            assertRefused(() -> bob.memories().get(List.of(secret.id())), ErrorCode.NOT_FOUND, "ids");
            assertRefused(() -> bob.memories().edit(MemoryEdit.of(secret.id()).withContent("a former member")),
                    ErrorCode.NOT_FOUND, "memory_id");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.colony.core.ColonyTestSupport#stores")
    void inACollectionOnlyTheAuthorOrAnAdminEditsAndARefusedEditChangesNoReadPath(String name,
            Function<Path, StorageProvider> store) {
        try (Colony colony = Colony.builder().storage(store.apply(dir)).search(LuceneSearch.inMemory()).clock(clock)
                .build()) {
            CallerScope alice = as(colony, "alice");
            CallerScope bob = as(colony, "bob");
            CallerScope carol = as(colony, "carol");
            alice.collections().create("ops", NamespaceKind.COLLABORATIVE);
            alice.collections().addMember("ops", UserId.of("bob"), MemberRole.MEMBER);
            alice.collections().addMember("ops", UserId.of("carol"), MemberRole.READER);
            Memory secret = alice.memories().add(MemoryDraft.of(MemoryKind.DECISION, SECRET)
                    .withTopics(List.of("credentials")).withCollection("ops"));
            Memory task = alice.memories().add(MemoryDraft.task(TaskChecklist.of("Rotate the ops credentials",
                    List.of("generate", "deploy"), TaskStatus.ACTIVE)).withCollection("ops"));
            Memory bobs = bob.memories().add(MemoryDraft.of(MemoryKind.FACT, "Bob checked the credentials vault")
                    .withCollection("ops"));
            List<CallerScope> members = List.of(alice, bob, carol);
            List<Seen> before = members.stream().map(member -> seen(member, secret, task)).toList();

            assertRefused(() -> bob.memories().edit(MemoryEdit.of(secret.id()).withContent("Ops rotates the "
                    + "database credentials on Tuesday")), ErrorCode.FORBIDDEN, "memory_id");
            assertRefused(() -> bob.memories().edit(MemoryEdit.of(secret.id()).withType(MemoryKind.FACT)
                    .withTopics(List.of("tuesday"))), ErrorCode.FORBIDDEN, "memory_id");
            assertRefused(() -> bob.memories().edit(MemoryEdit.of(task.id()).toggling(List.of(0, 1))
                    .withOutput("Rotated on Tuesday")), ErrorCode.FORBIDDEN, "memory_id");
            assertRefused(() -> bob.memories().edit(MemoryEdit.of(task.id()).withStatus(TaskStatus.DONE)),
                    ErrorCode.FORBIDDEN, "memory_id");
            assertRefused(() -> carol.memories().edit(MemoryEdit.of(bobs.id()).withContent("Tuesday")),
                    ErrorCode.FORBIDDEN, "memory_id");

            assertThat(members.stream().map(member -> seen(member, secret, task)).toList())
                    .as("retrieve, versions, search, task_feed and own timeline, for every member, as before")
                    .isEqualTo(before);
            for (CallerScope member : members) {
                assertThat(member.memories().search(SearchQuery.of("Tuesday"))).as("no word of a refused edit")
                        .isEmpty();
            }

            bob.memories().edit(MemoryEdit.of(bobs.id()).withContent("Bob checked the credentials vault twice"));
            alice.memories().edit(MemoryEdit.of(bobs.id()).withTopics(List.of("vault")));
            alice.memories().edit(MemoryEdit.of(task.id()).toggling(List.of(0)));
            Memory edited = carol.memories().get(List.of(bobs.id())).get(0);
            assertThat(edited.content()).as("its author's edit").endsWith("twice");
            assertThat(edited.topics()).as("an admin's edit").containsExactly("vault");
            assertThat(carol.memories().search(SearchQuery.of("vault twice"))).extracting(SearchHit::id)
                    .containsExactly(bobs.id());
            assertThat(carol.taskFeed().feed(TaskFeedQuery.all())).singleElement()
                    .satisfies(row -> assertThat(row.progress()).isEqualTo(new FeedTask.Progress(1, 2)));
        }
    }

    /**
     * What a member sees of a memory and a task on the read paths an edit changes.
     *
     * @param memories both, as retrieved (memory_retrieve and get_observations)
     * @param versions their versions
     * @param hits a search for the memory's words
     * @param feed the task feed
     * @param timeline the member's own timeline
     */
    private record Seen(List<Memory> memories, Map<MemoryId, Long> versions, List<SearchHit> hits,
            List<FeedTask> feed, List<TimelineEntry> timeline) {
    }

    private static Seen seen(CallerScope member, Memory memory, Memory task) {
        List<MemoryId> ids = List.of(memory.id(), task.id());
        return new Seen(member.memories().get(ids), member.memories().versions(ids),
                member.memories().search(SearchQuery.of("database credentials rotation")),
                member.taskFeed().feed(TaskFeedQuery.all()),
                member.memories().timeline(member.actor().session(), null, 10));
    }

    /**
     * The predecessor channel: a shared memory is searched with the words and the vector of the one its session
     * wrote before it, so a private memory written in between must not change how the shared ones rank for
     * another member. Bob's results, in every mode, are the same in a store where alice wrote a private note
     * between two shared memories and in one where she did not.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.colony.core.ColonyTestSupport#stores")
    void aPrivateMemoryWrittenBetweenSharedOnesDoesNotMoveAnotherMembersRanking(String name,
            Function<Path, StorageProvider> store) {
        Map<SearchMode, List<String>> without = bobsRanking(store.apply(dir.resolve("without")), false);
        Map<SearchMode, List<String>> with = bobsRanking(store.apply(dir.resolve("with")), true);

        assertThat(without.get(SearchMode.KEYWORD)).as("found by its predecessor's words")
                .anySatisfy(hit -> assertThat(hit).startsWith(PORT_REPLY));
        assertThat(with).isEqualTo(without);
    }

    /**
     * Bob's results for one query in each mode, as content and score, over a collection where alice asked a
     * question and answered it, with a private note of hers in between when {@code privateNoteBetween}.
     */
    private Map<SearchMode, List<String>> bobsRanking(StorageProvider storage, boolean privateNoteBetween) {
        try (Colony colony = Colony.builder().storage(storage).search(LuceneSearch.inMemory()).clock(clock)
                .embedder(OnnxEmbedder.of(OnnxEmbedder.DEFAULT_MODEL, dir.resolve("natives"))).build()) {
            CallerScope alice = as(colony, "alice");
            CallerScope bob = as(colony, "bob");
            alice.collections().create("ops", NamespaceKind.COLLABORATIVE);
            alice.collections().addMember("ops", UserId.of("bob"), MemberRole.MEMBER);
            alice.memories().add(MemoryDraft.of(MemoryKind.NOTE, "The ops team keeps a runbook for every gateway.")
                    .withCollection("ops"));
            alice.memories().add(MemoryDraft.of(MemoryKind.NOTE, PORT_QUESTION).withCollection("ops"));
            if (privateNoteBetween) {
                alice.memories().add(MemoryDraft.of(MemoryKind.NOTE, "Remember to water the office plants."));
            }
            alice.memories().add(MemoryDraft.of(MemoryKind.FACT, PORT_REPLY).withCollection("ops"));
            alice.memories().add(MemoryDraft.of(MemoryKind.NOTE, "The production gateway listens on 443.")
                    .withCollection("ops"));
            Map<SearchMode, List<SearchHit>> found = new EnumMap<>(SearchMode.class);
            for (SearchMode mode : SearchMode.values()) {
                found.put(mode, bob.memories().search(SearchQuery.of("staging gateway port").withMode(mode)));
            }
            Map<MemoryId, String> contents = new HashMap<>();
            bob.memories().get(found.values().stream().flatMap(List::stream).map(SearchHit::id).distinct().toList())
                    .forEach(memory -> contents.put(memory.id(), memory.content()));
            Map<SearchMode, List<String>> ranking = new EnumMap<>(SearchMode.class);
            found.forEach((mode, hits) -> ranking.put(mode, hits.stream().map(hit -> contents.get(hit.id())
                    + String.format(Locale.ROOT, " %.6f", hit.score())).toList()));
            return ranking;
        }
    }

    /**
     * One read path as {@code caller} sees it.
     *
     * @param name the path
     * @param showsSomething whether it showed anything of the collection
     */
    private record ReadPath(String name, boolean showsSomething) {
    }

    /** Every read path, each asked whether it shows {@code shared} (or, for messages, the collection's task). */
    private static List<ReadPath> paths(CallerScope caller, Set<MemoryId> shared) {
        List<ReadPath> paths = new ArrayList<>();
        for (SearchMode mode : SearchMode.values()) {
            paths.add(new ReadPath("search " + mode, found(caller.memories().search(SearchQuery.of("database credentials "
                    + "rotation").withMode(mode)), shared)));
        }
        paths.add(new ReadPath("retrieve", readable(caller, shared)));
        paths.add(new ReadPath("own timeline", caller.memories().timeline(caller.actor().session(), null, 50).stream()
                .map(TimelineEntry::id).anyMatch(shared::contains)));
        paths.add(new ReadPath("task_feed", caller.taskFeed().feed(TaskFeedQuery.all()).stream().map(FeedTask::memory)
                .anyMatch(shared::contains)));
        paths.add(new ReadPath("signal check", caller.signals().check().signals().stream().map(Signal::memories)
                .anyMatch(ids -> ids.stream().anyMatch(shared::contains))));
        CoreMemories briefing = caller.briefing().coreMemories("database credentials");
        paths.add(new ReadPath("init_core_memories", found(briefing.hits(), shared) || briefing.signals().pending() > 0
                || briefing.activeTasks().stream().map(FeedTask::memory).anyMatch(shared::contains)
                || briefing.landscape().topics().stream().anyMatch(count -> count.topic().equals("credentials"))));
        Attention attention = caller.attention().read(AttentionQuery.defaults());
        paths.add(new ReadPath("attention", attention.unreadCount() > 0 || attention.blockerCount() > 0));
        return paths;
    }

    private static boolean found(List<SearchHit> hits, Set<MemoryId> shared) {
        return hits.stream().map(SearchHit::id).anyMatch(shared::contains);
    }

    private static boolean readable(CallerScope caller, Set<MemoryId> shared) {
        try {
            return !caller.memories().get(List.copyOf(shared)).isEmpty();
        } catch (ColonyException e) {
            assertThat(e.code()).isEqualTo(ErrorCode.NOT_FOUND);
            return false;
        }
    }
}
