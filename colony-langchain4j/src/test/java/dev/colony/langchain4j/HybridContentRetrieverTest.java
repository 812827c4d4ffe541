package dev.colony.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.CallerScope;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.embedding.onnx.OnnxEmbedder;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.store.sqlite.SqliteStorageProvider;
import dev.langchain4j.rag.content.Content;
import dev.langchain4j.rag.query.Query;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ColonyContentRetriever} searches with the Colony's own embedder (the in-process MiniLM model): a
 * question sharing no word with the memory finds it, where words alone find nothing.
 */
class HybridContentRetrieverTest {

    private static final String QUESTION = "what socket number does the front door accept encrypted requests on";

    @TempDir
    Path dir;

    @Test
    void aQuestionInOtherWordsFindsTheMemoryByMeaning() {
        Path db = dir.resolve("colony.db");
        Memory port;
        try (Colony colony = Colony.builder().storage(SqliteStorageProvider.open(db))
                .search(LuceneSearch.besideStore())
                .embedder(OnnxEmbedder.of(OnnxEmbedder.DEFAULT_MODEL, dir.resolve("natives"))).build()) {
            CallerScope alice = as(colony);
            port = alice.memories().add(MemoryDraft.of(MemoryKind.FACT, "Gateway listens on port 8443 for TLS traffic"));
            alice.memories().add(MemoryDraft.of(MemoryKind.NOTE, "Lunch orders close at eleven on Fridays"));

            List<Content> found = ColonyContentRetriever.of(alice).retrieve(Query.from(QUESTION));

            assertThat(found).isNotEmpty();
            assertThat(found.get(0).textSegment().metadata().getLong(ColonyContentRetriever.ID))
                    .isEqualTo(port.id().value());
        }
        try (Colony keywordOnly = Colony.builder().storage(SqliteStorageProvider.open(db))
                .search(LuceneSearch.besideStore()).build()) {
            assertThat(ColonyContentRetriever.of(as(keywordOnly)).retrieve(Query.from(QUESTION)))
                    .as("the same question by words alone").isEmpty();
        }
    }

    private static CallerScope as(Colony colony) {
        return colony.as(colony.sessions().ensure(SessionStart.of("alice", "claude-code")).actor());
    }
}
