package dev.colony.core;

import static dev.colony.core.ColonyTestSupport.as;
import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.CallerScope;
import dev.colony.api.NamespaceKind;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.SearchHit;
import dev.colony.api.memory.SearchMode;
import dev.colony.api.memory.SearchQuery;
import dev.colony.embedding.onnx.OnnxEmbedder;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.store.sqlite.SqliteStorageProvider;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A hit's snippet is the memory's own text, on every search path with a SQLite store, its Lucene index and the
 * real model: never its topics, its macro topics (a collection's name among them), its ref or artifact, nor the
 * memory its session wrote before it, though all of these help find it.
 */
class SearchSnippetsTest {

    private static final String CONTENT = "Roll the canary back by hand when the error rate stays above two percent "
            + "for five minutes; the pipeline waits for a person and does not retry on its own, so check the "
            + "dashboard first and only then roll back in full.";

    @TempDir
    Path dir;

    @Test
    void aSnippetIsCutFromTheMemorysContentOnEveryPath() {
        try (Colony colony = Colony.builder().storage(SqliteStorageProvider.open(dir.resolve("c.db")))
                .search(LuceneSearch.besideStore())
                .embedder(OnnxEmbedder.of(OnnxEmbedder.DEFAULT_MODEL, dir.resolve("natives"))).build()) {
            CallerScope alice = as(colony, "alice");
            alice.collections().create("ops", NamespaceKind.COLLABORATIVE);
            alice.memories().add(MemoryDraft.of(MemoryKind.NOTE, "Smoke tests gate every deploy on Fridays.")
                    .withCollection("ops"));
            Memory memory = alice.memories().add(MemoryDraft.of(MemoryKind.DECISION, CONTENT)
                    .withTopics(List.of("deploy", "smoke")).withMacroTopics(List.of("ops"))
                    .withPointers("runbook/deploy.md", "pipeline deploy-canary").withCollection("ops"));

            // Its topics and its predecessor's words; its macro topic and ref (words alone, no meaning); its own.
            Map<String, Set<SearchMode>> queries = Map.of("deploy smoke test", EnumSet.allOf(SearchMode.class),
                    "ops runbook", EnumSet.of(SearchMode.KEYWORD, SearchMode.HYBRID),
                    "canary error rate dashboard", EnumSet.allOf(SearchMode.class));
            for (Map.Entry<String, Set<SearchMode>> entry : queries.entrySet()) {
                String query = entry.getKey();
                for (SearchMode mode : entry.getValue()) {
                    SearchHit hit = alice.memories().search(SearchQuery.of(query).withMode(mode)).stream()
                            .filter(found -> found.id().equals(memory.id())).findFirst().orElseThrow(
                                    () -> new AssertionError(mode + " search for " + query + " missed the memory"));
                    assertThat(hit.snippet()).as(mode + ": " + query).isNotBlank()
                            .hasSizeLessThanOrEqualTo(LuceneSearch.SNIPPET_MAX_CHARS)
                            .doesNotContain("[ops]", "runbook", "deploy", "smoke", "Smoke", "Fridays");
                    assertThat(CONTENT).as(mode + ": " + query).contains(hit.snippet().replace("\u2026", "").strip());
                }
            }
        }
    }
}
