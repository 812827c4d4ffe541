package dev.colony.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.embedding.onnx.OnnxEmbedder;
import dev.colony.springai.ColonyChatMemoryRepository;
import dev.colony.springai.ColonyVectorStore;
import dev.colony.store.sqlite.SqliteStorageProvider;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.document.Document;
import org.springframework.ai.embedding.Embedding;
import org.springframework.ai.embedding.EmbeddingModel;
import org.springframework.ai.embedding.EmbeddingRequest;
import org.springframework.ai.embedding.EmbeddingResponse;
import org.springframework.ai.vectorstore.SearchRequest;

class SpringAiMemoryTest {

    private static final String SOURCE = "src/main/java/dev/colony/examples/SpringAiMemory.java";

    @TempDir
    Path dir;

    @Test
    void theConversationAndTheDocumentsAreThereForTheNextRun() throws IOException {
        Path db = dir.resolve("colony.db");
        EmbeddingModel model = new OnnxModel(OnnxEmbedder.of(OnnxEmbedder.DEFAULT_MODEL, dir.resolve("natives")));
        SpringAiMemory.run(db, model);
        UserMessage question = new UserMessage("Which port does the gateway listen on?");

        assertThat(SpringAiMemory.run(db, model)).as("a second run continues the stored conversation")
                .containsExactly(question, question);
        try (Colony colony = Colony.builder().storage(SqliteStorageProvider.open(db)).build()) {
            var me = colony.as(colony.sessions().ensure(SessionStart.of("alice", "another-agent")).actor());
            assertThat(new ColonyChatMemoryRepository(me).findConversationIds()).containsExactly("conversation-42");
            List<Document> found = new ColonyVectorStore(me, model).similaritySearch(SearchRequest.builder()
                    .query("What port is the gateway on?").topK(5).build());
            assertThat(found).extracting(Document::getText).containsExactly("The gateway listens on port 8443.");
        }
    }

    @Test
    void theReadmeShowsTheExampleAsCompiled() throws IOException {
        String source = Files.readString(Path.of(SOURCE));
        String readme = Files.readString(Path.of("../README.md"));
        String snippet = source.substring(source.indexOf("// --- README Spring AI: begin ---"),
                source.indexOf("// --- README Spring AI: end ---"));

        for (String line : snippet.lines().skip(1).map(String::strip).filter(l -> !l.isEmpty()).toList()) {
            if (!line.startsWith("return ")) {
                assertThat(readme).as("README Spring AI line").contains(line);
            }
        }
        String section = readme.substring(readme.indexOf("## Spring AI"));
        int start = section.indexOf("```java");
        String block = section.substring(start, section.indexOf("```", start + 3));
        assertThat(source.lines().filter(line -> line.startsWith("import ")).toList())
                .as("every README import is one the compiled example uses")
                .containsAll(block.lines().filter(line -> line.startsWith("import ")).toList());
    }

    /** Spring AI's embedding model on Colony's in-process ONNX embedder: real vectors, no network. */
    private record OnnxModel(OnnxEmbedder embedder) implements EmbeddingModel {

        @Override
        public EmbeddingResponse call(EmbeddingRequest request) {
            List<float[]> vectors = embedder.embed(request.getInstructions());
            List<Embedding> embeddings = new ArrayList<>();
            for (int i = 0; i < vectors.size(); i++) {
                embeddings.add(new Embedding(vectors.get(i), i));
            }
            return new EmbeddingResponse(embeddings);
        }

        @Override
        public float[] embed(Document document) {
            return embedder.embed(List.of(document.getText())).get(0);
        }
    }
}
