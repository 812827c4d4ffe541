package dev.colony.embedding.onnx;

import java.nio.file.Path;
import java.util.List;

/** A child JVM for {@link OnnxEmbedderTest}: embeds one text with native libraries under {@code args[0]}. */
final class EmbedOnce {

    private EmbedOnce() {
    }

    public static void main(String[] args) {
        OnnxEmbedder embedder = OnnxEmbedder.of(OnnxEmbedder.DEFAULT_MODEL, Path.of(args[0]));
        System.out.println("model: " + embedder.modelId() + " " + embedder.dimension());
        System.out.println("loaded before: " + embedder.isLoaded());
        embedder.prepare();
        System.out.println("loaded by prepare: " + embedder.isLoaded());
        embedder.embed(List.of("one sentence to embed"));
        System.out.println("loaded after: " + embedder.isLoaded());
    }
}
