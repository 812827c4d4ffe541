package dev.colony.search.lucene;

import dev.colony.embedding.onnx.OnnxEmbedder;
import dev.colony.spi.storage.StoredVector;
import java.nio.file.Path;
import java.util.List;

/**
 * The default in-process model, for tests that search by meaning: a text embedded as a memory or as a query, named
 * by the model as the store keeps it.
 */
record RealModel(OnnxEmbedder embedder) {

    /** The default model, its native libraries unpacked under {@code natives}. */
    static RealModel load(Path natives) {
        return new RealModel(OnnxEmbedder.of(OnnxEmbedder.DEFAULT_MODEL, natives));
    }

    /** {@code text} embedded as a memory's content is. */
    StoredVector memory(String text) {
        return new StoredVector(embedder.modelId(), embedder.embed(List.of(text)).get(0));
    }

    /** {@code text} embedded as a search query is. */
    StoredVector query(String text) {
        return new StoredVector(embedder.modelId(), embedder.embedQuery(text));
    }

    /** The model's least similarity of related texts. */
    double minSimilarity() {
        return embedder.minSimilarity();
    }
}
