package dev.colony.core;

import static dev.colony.core.ColonyTestSupport.as;
import static dev.colony.core.ColonyTestSupport.assertRefused;
import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.CallerScope;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.NamespaceKind;
import dev.colony.api.UserId;
import dev.colony.api.admin.ArchiveSummary;
import dev.colony.api.collection.MemberRole;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.SearchHit;
import dev.colony.api.memory.SearchQuery;
import dev.colony.api.memory.TaskChecklist;
import dev.colony.api.signal.Signal;
import dev.colony.api.signal.SignalDraft;
import dev.colony.api.task.FeedTask;
import dev.colony.api.task.TaskFeedQuery;
import dev.colony.api.task.TaskStatus;
import dev.colony.archive.JsonLinesArchive;
import dev.colony.embedding.onnx.OnnxEmbedder;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.spi.storage.StorageProvider;
import dev.colony.store.postgres.PostgresStorageProvider;
import dev.colony.store.postgres.PostgresTestServer;
import dev.colony.store.sqlite.SqliteStorageProvider;
import dev.colony.store.tck.MutableClock;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Export and import on every store: an archive holds exactly what its user may read (memories with their
 * vectors, tasks, collections and members, pending signals), and restoring it into an empty store, of the
 * same engine or another, gives a store whose archive of that user is the same, line for line.
 */
class ArchiveTest {

    @TempDir
    Path dir;

    private final MutableClock clock = new MutableClock(ColonyTestSupport.START);

    private Colony open(StorageProvider store) {
        return Colony.builder().storage(store).search(LuceneSearch.inMemory()).clock(clock)
                .embedder(OnnxEmbedder.of(OnnxEmbedder.DEFAULT_MODEL, dir.resolve("natives"))).build();
    }

    /** Fills a store as two users would; returns alice's archive. */
    private String fill(Colony colony) {
        CallerScope alice = as(colony, "alice");
        CallerScope bob = as(colony, "bob");
        alice.memories().add(MemoryDraft.of(MemoryKind.DECISION, "Invoices are rendered by headless Chromium")
                .withTopics(List.of("invoices", "pdf")).withMacroTopics(List.of("billing")));
        alice.memories().add(MemoryDraft.of(MemoryKind.NOTE, "The render box was moved to the new rack. Its fonts "
                + "are installed by the provisioning script. Nobody logs into it by hand any more."));
        alice.memories().add(MemoryDraft.task(TaskChecklist.of("Ship the invoice redesign", List.of("mockups",
                "review"), TaskStatus.ACTIVE)));
        Memory forgotten = alice.memories().add(MemoryDraft.of(MemoryKind.FACT, "The old render box is pdf-01"));
        alice.memories().forget(forgotten.id(), null);
        alice.collections().create("ops", NamespaceKind.COLLABORATIVE);
        alice.collections().addMember("ops", UserId.of("bob"), MemberRole.MEMBER);
        Memory shared = bob.memories().add(MemoryDraft.of(MemoryKind.FACT, "The ops pager rotates every Monday")
                .withCollection("ops").withTopics(List.of("pager")));
        bob.memories().add(MemoryDraft.of(MemoryKind.FACT, "Bob keeps his dotfiles in a private repo"));
        bob.signals().send(SignalDraft.of("ops", "alice", List.of(shared.id())));
        return export(colony, "alice").lines();
    }

    private static Exported export(Colony colony, String user) {
        StringWriter out = new StringWriter();
        ArchiveSummary summary = colony.admin().export(UserId.of(user), JsonLinesArchive.writer(out));
        return new Exported(out.toString(), summary);
    }

    private record Exported(String lines, ArchiveSummary summary) {
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.colony.core.ColonyTestSupport#stores")
    void anArchiveRestoredIntoAnEmptyStoreExportsTheSameLines(String name, Function<Path, StorageProvider> store) {
        String archive;
        try (Colony source = open(store.apply(dir.resolve("source")))) {
            archive = fill(source);
        }
        assertThat(archive).contains("Chromium", "Ship the invoice redesign", "ops pager", "\"vector\":\"")
                .doesNotContain("pdf-01", "dotfiles");
        assertThat(memoryRow(archive, "render box")).as("a memory of three sentences, with their vectors")
                .containsPattern("\"passage_vectors\":\"[A-Za-z0-9+/]{100,}");

        try (Colony target = open(store.apply(dir.resolve("target")))) {
            ArchiveSummary restored = target.admin().restore(JsonLinesArchive.reader(new StringReader(archive)));

            assertThat(restored.user()).isEqualTo(UserId.of("alice"));
            assertThat(restored.rows()).containsEntry("namespaces", 2L).containsEntry("namespace_members", 2L)
                    .containsEntry("signals", 1L);
            Exported again = export(target, "alice");
            assertThat(again.lines()).isEqualTo(archive);
            assertThat(again.summary().rows()).isEqualTo(restored.rows());
            CallerScope alice = as(target, "alice");
            assertThat(alice.memories().search(SearchQuery.of("who renders the invoices"))).extracting(SearchHit::id)
                    .isNotEmpty();
            assertThat(alice.taskFeed().feed(TaskFeedQuery.all())).extracting(FeedTask::preview)
                    .containsExactly("Ship the invoice redesign");
            assertThat(alice.signals().check().signals()).extracting(Signal::fromUser).containsExactly(UserId.of("bob"));
            Memory added = alice.memories().add(MemoryDraft.of(MemoryKind.FACT, "A new fact after the move"));
            assertThat(added.id().value()).as("new ids follow the restored ones")
                    .isGreaterThan(restored.rows().get("memories"));
            assertRefused(() -> target.admin().restore(JsonLinesArchive.reader(new StringReader(archive))), ErrorCode.INVALID_ARGUMENT,
                    "archive");
        }
    }

    @Test
    void anArchiveMovesFromSqliteToPostgresqlAndBack() {
        String archive;
        try (Colony sqlite = open(SqliteStorageProvider.open(dir.resolve("a.db")))) {
            archive = fill(sqlite);
        }
        try (Colony postgres = open(PostgresStorageProvider.open(PostgresTestServer.databaseFor(dir.resolve("pg"))))) {
            postgres.admin().restore(JsonLinesArchive.reader(new StringReader(archive)));
            String moved = export(postgres, "alice").lines();
            assertThat(moved).isEqualTo(archive);
            try (Colony back = open(SqliteStorageProvider.open(dir.resolve("b.db")))) {
                back.admin().restore(JsonLinesArchive.reader(new StringReader(moved)));
                assertThat(export(back, "alice").lines()).isEqualTo(archive);
            }
        }
    }

    @Test
    void anArchiveOfTheFormatBeforeSentenceVectorsIsRestoredAndReindexGivesThemBack() {
        try (Colony source = open(SqliteStorageProvider.open(dir.resolve("a.db")))) {
            String archive = fill(source);
            String older = archive.replaceFirst("\"format\":\\d+", "\"format\":18")
                    .replaceAll(",\"passage_vectors\":(null|\"[^\"]*\")", "");
            assertThat(older).doesNotContain("passage_vectors");
            try (Colony target = open(SqliteStorageProvider.open(dir.resolve("b.db")))) {
                target.admin().restore(JsonLinesArchive.reader(new StringReader(older)));

                assertThat(memoryRow(export(target, "alice").lines(), "render box")).as("restored without them")
                        .contains("\"passage_vectors\":null");
                assertThat(target.admin().reembed(done -> { }).embedded()).as("colony reindex embeds them")
                        .isPositive();
                assertThat(memoryRow(export(target, "alice").lines(), "render box"))
                        .containsPattern("\"passage_vectors\":\"[A-Za-z0-9+/]{100,}");
                assertThat(as(target, "alice").memories().search(SearchQuery.of("who installs the fonts")))
                        .extracting(SearchHit::snippet).anySatisfy(snippet -> assertThat(snippet).contains("fonts"));
            }
        }
    }

    /** The archive line of the memory whose content holds {@code words}. */
    private static String memoryRow(String archive, String words) {
        return archive.lines().filter(line -> line.startsWith("{\"table\":\"memories\"") && line.contains(words))
                .findFirst().orElseThrow(() -> new AssertionError("no memory row holds " + words));
    }

    @Test
    void aMalformedArchiveIsRefusedWithItsLineAndNothingIsWritten() {
        try (Colony source = open(SqliteStorageProvider.open(dir.resolve("a.db")))) {
            String archive = fill(source);
            String[] lines = archive.split("\n");
            try (Colony target = open(SqliteStorageProvider.open(dir.resolve("b.db")))) {
                String otherFormat = archive.replaceFirst("\"format\":\\d+", "\"format\":1");
                String unknownTable = archive + "{\"table\":\"secrets\",\"row\":{}}\n";
                String wrongType = lines[0] + "\n" + lines[1].replaceFirst("\"id\":\\d+", "\"id\":\"one\"") + "\n";
                String missingColumn = lines[0] + "\n" + lines[1].replaceFirst("\"slug\":\"[^\"]*\",", "") + "\n";

                String newerFormat = archive.replaceFirst("\"format\":\\d+", "\"format\":99");
                String olderWithNewerColumn = archive.replaceFirst("\"format\":\\d+", "\"format\":18");
                int firstMemory = archive.substring(0, archive.indexOf("{\"table\":\"memories\"")).split("\n").length
                        + 1;

                assertThat(refusal(target, otherFormat)).contains("format 1,", "reads format 18 to 25");
                assertThat(refusal(target, newerFormat)).contains("format 99,");
                assertThat(refusal(target, olderWithNewerColumn)).contains("line " + firstMemory,
                        "memories has no column \"passage_vectors\"");
                assertThat(refusal(target, unknownTable)).contains("line " + (lines.length + 1), "secrets");
                assertThat(refusal(target, wrongType)).contains("line 2", "\"id\" must be an integer");
                assertThat(refusal(target, missingColumn)).contains("line 2", "lacks \"slug\"");
                assertThat(refusal(target, "not json\n")).contains("line 1");
                assertThat(target.admin().restore(JsonLinesArchive.reader(new StringReader(archive))).total()).as("still empty")
                        .isPositive();
            }
        }
    }

    private static String refusal(Colony colony, String archive) {
        try {
            colony.admin().restore(JsonLinesArchive.reader(new StringReader(archive)));
        } catch (ColonyException e) {
            assertThat(e.code()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
            assertThat(e.field()).isEqualTo("archive");
            return e.getMessage();
        }
        throw new AssertionError("the archive was restored");
    }
}
