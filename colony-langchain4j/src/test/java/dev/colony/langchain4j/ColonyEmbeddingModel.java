package dev.colony.langchain4j;

import dev.colony.embedding.onnx.OnnxEmbedder;
import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.output.Response;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.List;

/**
 * Colony's own in-process embedder (all-MiniLM-L6-v2, quantized) as a LangChain4j {@link EmbeddingModel}, for
 * LangChain4j's embedding store contract tests: one model per test JVM, loaded on first use.
 */
final class ColonyEmbeddingModel implements EmbeddingModel {

    private static final class Holder {
        static final ColonyEmbeddingModel INSTANCE = new ColonyEmbeddingModel();
    }

    private final OnnxEmbedder embedder;

    private ColonyEmbeddingModel() {
        try {
            this.embedder = OnnxEmbedder.of(OnnxEmbedder.DEFAULT_MODEL, Files.createTempDirectory("colony-natives"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The shared model. */
    static ColonyEmbeddingModel get() {
        return Holder.INSTANCE;
    }

    @Override
    public Response<List<Embedding>> embedAll(List<TextSegment> segments) {
        return Response.from(embedder.embed(segments.stream().map(TextSegment::text).toList()).stream()
                .map(Embedding::from).toList());
    }

    @Override
    public int dimension() {
        return embedder.dimension();
    }

    @Override
    public String modelName() {
        return embedder.modelId();
    }
}
