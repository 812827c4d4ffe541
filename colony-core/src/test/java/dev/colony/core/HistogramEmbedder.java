package dev.colony.core;

import dev.colony.spi.embedding.Embedder;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * A deterministic embedder for tests: each vector counts the text's bytes modulo its length. It declares
 * {@code dimension} but returns vectors of {@code vectorLength}, so a test can make it misbehave.
 *
 * @param model the model id it reports
 * @param dimension the dimension it declares
 * @param vectorLength the length of the vectors it returns
 */
record HistogramEmbedder(String model, int dimension, int vectorLength) implements Embedder {

    /** A well-behaved embedder of {@code model} and {@code dimension}. */
    HistogramEmbedder(String model, int dimension) {
        this(model, dimension, dimension);
    }

    @Override
    public String modelId() {
        return model;
    }

    @Override
    public List<float[]> embed(List<String> texts) {
        return texts.stream().map(text -> {
            float[] vector = new float[vectorLength];
            for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
                vector[Math.floorMod(b, vectorLength)]++;
            }
            return vector;
        }).toList();
    }
}
