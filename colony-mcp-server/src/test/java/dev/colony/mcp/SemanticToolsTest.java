package dev.colony.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.colony.api.ErrorCode;
import dev.colony.core.Colony;
import dev.colony.embedding.onnx.OnnxEmbedder;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.store.sqlite.SqliteStorageProvider;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * search (also by meaning alone) and cluster_observations in-process on a real SQLite store and Lucene index
 * with the real in-process model; the same tools on a Colony without an embedder; another user's
 * memories, which no tool shows or groups; and hits that show the memory's own words only.
 */
class SemanticToolsTest {

    private static final String RETRY = "Dependency downloads are retried three times before the build fails.";
    private static final String RETRY_AGAIN = "Before failing, the build retries dependency downloads three times.";
    private static final String LOGIN = "Passwords shorter than twelve characters are rejected at sign-up.";

    @TempDir
    Path dir;

    private final List<Colony> opened = new ArrayList<>();

    private ColonyMcpServer server(Colony colony, String user) {
        return ToolResults.server(colony, user, "claude-code");
    }

    private Colony colony(boolean embedder) {
        Colony.Builder builder = Colony.builder().storage(SqliteStorageProvider.open(dir.resolve(
                embedder ? "semantic.db" : "keyword.db"))).search(LuceneSearch.besideStore());
        if (embedder) {
            builder.embedder(OnnxEmbedder.of(OnnxEmbedder.DEFAULT_MODEL, dir.resolve("native")));
        }
        Colony colony = builder.build();
        opened.add(colony);
        return colony;
    }

    @BeforeEach
    @AfterEach
    void close() {
        opened.forEach(Colony::close);
        opened.clear();
    }

    private static long add(ColonyMcpServer server, String content) {
        return ToolResults.okAndValid(server, "memory_add", Map.of("content", content, "type", "decision",
                "force", true)).get("id").asLong();
    }

    private static List<Long> ids(JsonNode result) {
        List<Long> ids = new ArrayList<>();
        result.get("hits").forEach(hit -> ids.add(hit.get("id").asLong()));
        return ids;
    }

    @Test
    void searchRanksByMeaningTooAndClustersGroupNearDuplicates() {
        Colony colony = colony(true);
        ColonyMcpServer alice = server(colony, "alice");
        ColonyMcpServer bob = server(colony, "bob");
        long retry = add(alice, RETRY);
        long again = add(alice, RETRY_AGAIN);
        long login = add(alice, LOGIN);
        long bobs = add(bob, RETRY);
        String question = "how often do we retry flaky downloads";

        JsonNode hybrid = ToolResults.okAndValid(alice, "search", Map.of("query", question));
        JsonNode semantic = ToolResults.okAndValid(alice, "search", Map.of("query", question, "limit", 2,
                "meaning_only", true));
        JsonNode clusters = ToolResults.okAndValid(alice, "cluster_observations",
                Map.of("ids", List.of(login, again, retry), "threshold", 0.7));

        assertThat(hybrid.get("mode").asText()).isEqualTo("hybrid");
        assertThat(ids(hybrid)).contains(retry, again).doesNotContain(bobs);
        assertThat(semantic.get("mode").asText()).isEqualTo("vector");
        assertThat(ids(semantic)).containsExactlyInAnyOrder(retry, again);
        assertThat(clusters.get("clusters")).singleElement().satisfies(group -> {
            assertThat(group.get("canonical_id").asLong()).isEqualTo(retry);
            assertThat(group.get("ids")).extracting(JsonNode::asLong).containsExactly(retry, again);
            assertThat(group.get("size").asInt()).isEqualTo(2);
        });
        assertThat(clusters.get("singletons").asInt()).isEqualTo(1);
        assertThat(clusters.get("threshold").asDouble()).isEqualTo(0.7);

        JsonNode foreign = ToolResults.error(alice.call("cluster_observations", Map.of("ids", List.of(retry, bobs))));
        assertThat(foreign.get("code").asText()).isEqualTo(ErrorCode.NOT_FOUND.id());
        assertThat(foreign.get("error").asText()).contains(String.valueOf(bobs));
        JsonNode threshold = ToolResults.error(alice.call("cluster_observations",
                Map.of("ids", List.of(retry), "threshold", 1.5)));
        assertThat(threshold.get("field").asText()).isEqualTo("threshold");
        JsonNode tight = ToolResults.okAndValid(alice, "cluster_observations", Map.of("ids", List.of(retry, login)));
        assertThat(tight.get("clusters")).isEmpty();
        assertThat(tight.get("threshold").asDouble()).isEqualTo(0.85);
    }

    @Test
    void withoutAnEmbedderSearchSaysKeywordAndMeaningIsRefused() {
        ColonyMcpServer alice = server(colony(false), "alice");
        long retry = add(alice, RETRY);

        JsonNode keyword = ToolResults.okAndValid(alice, "search", Map.of("query", "dependency downloads"));
        JsonNode semantic = ToolResults.error(alice.call("search", Map.of("query", "downloads", "meaning_only", true)));
        JsonNode clusters = ToolResults.error(alice.call("cluster_observations", Map.of("ids", List.of(retry))));

        assertThat(keyword.get("mode").asText()).isEqualTo("keyword");
        assertThat(ids(keyword)).containsExactly(retry);
        assertThat(semantic.get("code").asText()).isEqualTo(ErrorCode.UNAVAILABLE.id());
        assertThat(clusters.get("code").asText()).isEqualTo(ErrorCode.UNAVAILABLE.id());
    }

    @Test
    void aHitShowsTheMemorysOwnWordsNotItsTopicsOrCollection() {
        ColonyMcpServer alice = server(colony(true), "alice");
        ToolResults.okAndValid(alice, "collection_manage", Map.of("action", "create", "collection", "ops"));
        String content = "Roll the canary back by hand when the error rate stays high; the pipeline does not retry "
                + "on its own, so check the dashboard first and then roll back in full.";
        long id = ToolResults.okAndValid(alice, "memory_add", Map.of("content", content, "type", "decision",
                "topics", List.of("deploy", "smoke"), "macro_topics", List.of("ops"), "collection", "ops",
                "force", true)).get("id").asLong();

        for (String tool : List.of("search", "search meaning_only", "memory_search")) {
            JsonNode result = ToolResults.okAndValid(alice, tool.split(" ")[0], tool.endsWith("meaning_only")
                    ? Map.of("query", "deploy smoke test ops canary", "meaning_only", true)
                    : Map.of("query", "deploy smoke test ops canary"));
            JsonNode hit = null;
            for (JsonNode candidate : result.get("hits")) {
                hit = candidate.get("id").asLong() == id ? candidate : hit;
            }
            assertThat(hit).as(tool + " finds the memory").isNotNull();
            String shown = (hit.has("snippet") ? hit.get("snippet") : hit.get("preview")).asText();
            assertThat(shown).as(tool).isNotBlank().doesNotContain("[ops]", "deploy", "smoke");
            assertThat(content).as(tool).contains(shown.replace("\u2026", "").strip());
        }
    }
}
