package dev.colony.springai;

import dev.colony.embedding.onnx.OnnxEmbedder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.springframework.ai.document.Document;
import org.springframework.ai.embedding.Embedding;
import org.springframework.ai.embedding.EmbeddingModel;
import org.springframework.ai.embedding.EmbeddingRequest;
import org.springframework.ai.embedding.EmbeddingResponse;

/**
 * A Spring AI {@link EmbeddingModel} on Colony's in-process ONNX embedder (all-MiniLM-L6-v2, 384 dimensions),
 * loaded once and shared by the tests: real embeddings without a network or an API key.
 */
public final class OnnxEmbeddingModel implements EmbeddingModel {

    private static final class Holder {
        static final OnnxEmbeddingModel INSTANCE = new OnnxEmbeddingModel();
    }

    private final OnnxEmbedder embedder;

    private OnnxEmbeddingModel() {
        try {
            this.embedder = OnnxEmbedder.of(OnnxEmbedder.DEFAULT_MODEL, Files.createTempDirectory("colony-natives"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The shared model. */
    public static OnnxEmbeddingModel get() {
        return Holder.INSTANCE;
    }

    @Override
    public EmbeddingResponse call(EmbeddingRequest request) {
        List<float[]> vectors = embedder.embed(request.getInstructions());
        List<Embedding> embeddings = new ArrayList<>(vectors.size());
        for (int i = 0; i < vectors.size(); i++) {
            embeddings.add(new Embedding(vectors.get(i), i));
        }
        return new EmbeddingResponse(embeddings);
    }

    @Override
    public float[] embed(Document document) {
        return embedder.embed(List.of(document.getText())).get(0);
    }

    @Override
    public int dimensions() {
        return embedder.dimension();
    }
}
