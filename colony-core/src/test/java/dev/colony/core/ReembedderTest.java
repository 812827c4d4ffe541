package dev.colony.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colony.api.Actor;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.admin.ColonyAdmin;
import dev.colony.api.admin.Reembedding;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.SearchMode;
import dev.colony.api.memory.SearchQuery;
import dev.colony.api.session.SessionStart;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.spi.embedding.Embedder;
import dev.colony.store.sqlite.SqliteStorageProvider;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A change of embedding model: searches by meaning are refused (naming the command to run) while the
 * store holds another model's vectors, words still work, and re-embedding gives every memory a vector
 * of the new model, once, and reports its progress.
 */
class ReembedderTest {

    @TempDir
    Path dir;

    private Colony open(Embedder embedder) {
        Colony.Builder builder = Colony.builder().storage(SqliteStorageProvider.open(dir.resolve("colony.db")))
                .search(LuceneSearch.besideStore());
        if (embedder != null) {
            builder.embedder(embedder);
        }
        return builder.build();
    }

    @Test
    void aNewModelIsRefusedUntilTheStoreIsEmbeddedAgain() {
        try (Colony old = open(new HistogramEmbedder("test/old", 16))) {
            Actor alice = old.sessions().ensure(SessionStart.of("alice", "codex")).actor();
            for (int i = 0; i < 70; i++) {
                old.as(alice).memories().add(MemoryDraft.of(MemoryKind.FACT, "Fact number " + i + " about builds"));
            }
        }
        try (Colony bare = open(null)) {
            Actor alice = bare.sessions().ensure(SessionStart.of("alice", "codex")).actor();
            bare.as(alice).memories().add(MemoryDraft.of(MemoryKind.FACT, "Written without an embedder"));
        }
        try (Colony current = open(new HistogramEmbedder("test/new", 16))) {
            Actor alice = current.sessions().ensure(SessionStart.of("alice", "codex")).actor();
            SearchQuery query = SearchQuery.of("builds");

            assertThatThrownBy(() -> current.as(alice).memories().search(query))
                    .isInstanceOfSatisfying(ColonyException.class, e -> {
                        assertThat(e.code()).isEqualTo(ErrorCode.UNAVAILABLE);
                        assertThat(e.getMessage()).contains("test/old (70 memories)").contains("colony reindex");
                    });
            assertThat(current.as(alice).memories().search(query.withMode(SearchMode.KEYWORD))).isNotEmpty();

            ColonyAdmin reembedder = current.admin();
            assertThat(reembedder.unembedded()).isEqualTo(71);
            List<Long> progress = new ArrayList<>();
            Reembedding outcome = reembedder.reembed(progress::add);

            assertThat(outcome).isEqualTo(new Reembedding("test/new", 71, 0));
            assertThat(progress).containsExactly(64L, 71L);
            assertThat(reembedder.unembedded()).isZero();
            Map<String, Long> others = current.storage().read(tx -> tx.memoryVectors().otherVectorModels("test/new"));
            assertThat(others).isEmpty();
            assertThat(current.as(alice).memories().search(query)).isNotEmpty();
            assertThat(reembedder.reembed(done -> { }).embedded()).as("nothing left to do").isZero();
        }
    }
}
