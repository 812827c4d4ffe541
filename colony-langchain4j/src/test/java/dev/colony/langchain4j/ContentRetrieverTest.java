package dev.colony.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colony.api.CallerScope;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.store.sqlite.SqliteStorageProvider;
import dev.langchain4j.data.document.Metadata;
import dev.langchain4j.rag.content.Content;
import dev.langchain4j.rag.content.ContentMetadata;
import dev.langchain4j.rag.query.Query;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ColonyContentRetriever} over a real SQLite store and Lucene index: typed memories the caller may read
 * come back as contents with their id, type, topics and author agent, compact unless full bodies are asked for.
 */
class ContentRetrieverTest {

    private static final String LONG_DECISION = "Auth tokens are JWTs signed with RS256, so the gateway verifies "
            + "them offline. " + "The signing keys rotate monthly and old keys stay published for a week. ".repeat(8);

    @TempDir
    Path dir;

    private Colony colony;
    private CallerScope alice;
    private Memory decision;

    @BeforeEach
    void open() {
        colony = Colony.builder().storage(SqliteStorageProvider.open(dir.resolve("colony.db")))
                .search(LuceneSearch.besideStore()).build();
        alice = as("alice", "claude-code");
        decision = as("alice", "codex").memories().add(MemoryDraft.of(MemoryKind.DECISION, LONG_DECISION)
                .withTopics(List.of("auth", "gateway")));
        alice.memories().add(MemoryDraft.of(MemoryKind.NOTE, "The build cache lives under target, unrelated."));
        as("bob", "claude-code").memories().add(MemoryDraft.of(MemoryKind.FACT,
                "Bob's gateway verifies tokens with a shared secret"));
    }

    @AfterEach
    void close() {
        colony.close();
    }

    private CallerScope as(String user, String agent) {
        return colony.as(colony.sessions().ensure(SessionStart.of(user, agent)).actor());
    }

    @Test
    void typedMemoriesComeBackCompactWithTheirIdTypeTopicsAndAuthor() {
        List<Content> contents = ColonyContentRetriever.of(alice).retrieve(Query.from("how does the gateway verify "
                + "tokens"));

        assertThat(contents).as("alice's decision, not bob's fact").hasSize(1);
        Content content = contents.get(0);
        Metadata metadata = content.textSegment().metadata();
        assertThat(metadata.getLong(ColonyContentRetriever.ID)).isEqualTo(decision.id().value());
        assertThat(metadata.getString(ColonyContentRetriever.TYPE)).isEqualTo("decision");
        assertThat(metadata.getString(ColonyContentRetriever.TOPICS)).isEqualTo("auth,gateway");
        assertThat(metadata.getString(ColonyContentRetriever.AGENT)).isEqualTo("codex");
        assertThat(content.metadata().get(ContentMetadata.SCORE)).isInstanceOf(Double.class);
        assertThat(content.textSegment().text()).as("a snippet, not the body").containsIgnoringCase("gateway")
                .hasSizeLessThan(LONG_DECISION.length() / 2);
    }

    @Test
    void fullBodiesAndTheNumberOfResultsAreTheCallersChoice() {
        List<Content> full = ColonyContentRetriever.builder(alice).fullBodies(true).maxResults(1).build()
                .retrieve(Query.from("gateway tokens"));

        assertThat(full).hasSize(1);
        assertThat(full.get(0).textSegment().text()).isEqualTo(decision.content());
        assertThat(ColonyContentRetriever.of(alice).retrieve(Query.from("nothing matches zyzzyva"))).isEmpty();
        assertThatThrownBy(() -> ColonyContentRetriever.builder(alice).maxResults(0))
                .isInstanceOfSatisfying(ColonyException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
                    assertThat(e.field()).isEqualTo("maxResults");
                });
    }
}
