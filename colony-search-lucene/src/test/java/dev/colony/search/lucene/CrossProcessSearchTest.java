package dev.colony.search.lucene;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.embedding.onnx.OnnxEmbedder;
import dev.colony.spi.storage.StoredVector;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two JVMs on one SQLite store and one index directory: each finds the memories the other wrote, at
 * its next search, by their words and by their meaning, whichever of them holds the index's write
 * lock, and the reader takes the lock over when the writer closes its index.
 */
class CrossProcessSearchTest {

    @TempDir
    Path tmp;

    @Test
    void twoProcessesFindEachOthersMemories() throws Exception {
        Path database = tmp.resolve("colony.db");
        try (SqliteAgent parent = new SqliteAgent(database, "parent-session")) {
            long parentFirst = parent.write("aardvark");
            parent.openIndex();
            assertThat(parent.writer()).isTrue();

            try (ChildAgent child = ChildAgent.start(database, tmp.resolve("child-stderr.txt"))) {
                assertThat(child.ask("ROLE")).isEqualTo("ROLE reader");
                assertThat(child.hits("aardvark")).containsExactly(parentFirst);

                long parentSecond = parent.write("bumblebee");
                assertThat(child.hits("bumblebee")).as("the parent's uncommitted write").containsExactly(parentSecond);

                long childFirst = child.write("chameleon");
                assertThat(parent.search("chameleon")).containsExactly(childFirst);
                assertThat(child.hits("chameleon")).containsExactly(childFirst);

                parent.update(parentSecond, "butterfly");
                assertThat(child.hits("butterfly")).as("the parent's update, at the child's next search")
                        .containsExactly(parentSecond);
                assertThat(child.hits("bumblebee")).isEmpty();
                parent.awaitIndexed();
                assertThat(parent.search("butterfly")).as("re-indexed by the writer").containsExactly(parentSecond);
                assertThat(parent.search("bumblebee")).isEmpty();
                assertThat(child.ask("INDEXED")).isEqualTo("INDEXED");
                assertThat(child.hits("butterfly")).as("once the child caught up in the background")
                        .containsExactly(parentSecond);
                assertThat(child.hits("bumblebee")).isEmpty();

                assertThat(child.ask("UPDATE " + childFirst + " chinchilla")).isEqualTo("UPDATED");
                assertThat(parent.search("chinchilla")).as("the child's update, found by the writer")
                        .containsExactly(childFirst);
                assertThat(parent.search("chameleon")).isEmpty();

                parent.closeIndex();
                long parentThird = parent.write("dragonfly");
                assertThat(child.hits("dragonfly")).containsExactly(parentThird);
                assertThat(child.ask("ROLE")).as("took the write lock over").isEqualTo("ROLE writer");

                parent.openIndex();
                assertThat(parent.writer()).isFalse();
                long childSecond = child.write("echidna");
                assertThat(parent.search("echidna")).containsExactly(childSecond);
                assertThat(parent.search("note")).as("every memory, once")
                        .containsExactlyInAnyOrder(parentFirst, parentSecond, childFirst, parentThird, childSecond);

                assertThat(child.ask("EXIT")).isEqualTo("BYE");
                assertThat(child.awaitExit()).isZero();
            }
        }
    }

    @Test
    void aMemoryWrittenInOneProcessIsFoundByMeaningInTheOtherAtItsNextSearch() throws Exception {
        OnnxEmbedder embedder = OnnxEmbedder.of(OnnxEmbedder.DEFAULT_MODEL, tmp.resolve("native"));
        String retry = "The CI pipeline fetches artifacts again up to three times when the network hiccups.";
        String login = "Passwords shorter than twelve characters are rejected by the sign-up form.";
        StoredVector retryVector = new StoredVector(embedder.modelId(), embedder.embed(List.of(retry)).get(0));
        StoredVector loginVector = new StoredVector(embedder.modelId(), embedder.embed(List.of(login)).get(0));
        StoredVector downloads = new StoredVector(embedder.modelId(),
                embedder.embedQuery("how often do we retry flaky dependency downloads"));
        StoredVector signUp = new StoredVector(embedder.modelId(), embedder.embedQuery("minimum password length"));
        Path database = tmp.resolve("colony.db");
        try (SqliteAgent parent = new SqliteAgent(database, "parent-session")) {
            parent.write("an unrelated first memory");
            parent.openIndex();
            try (ChildAgent child = ChildAgent.start(database, tmp.resolve("child-stderr.txt"))) {
                long childRetry = child.write(retry, retryVector);
                assertThat(parent.searchMeaning("downloads", downloads)).as("the child's write, by meaning")
                        .containsExactly(childRetry);

                long parentLogin = parent.write(login, loginVector);
                assertThat(child.near(signUp)).as("the parent's write, by meaning").containsExactly(parentLogin);

                parent.awaitIndexed();
                assertThat(child.ask("INDEXED")).isEqualTo("INDEXED");
                assertThat(parent.searchMeaning("downloads", downloads)).as("once indexed, from the graph")
                        .containsExactly(childRetry);
                assertThat(child.near(downloads)).containsExactly(childRetry);
                assertThat(child.ask("EXIT")).isEqualTo("BYE");
                assertThat(child.awaitExit()).isZero();
            }
        }
    }
}
