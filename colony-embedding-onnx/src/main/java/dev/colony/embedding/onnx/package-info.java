/**
 * In-process sentence embeddings: {@link dev.colony.embedding.onnx.OnnxEmbedder} runs a small quantized
 * ONNX model ({@link dev.colony.embedding.onnx.OnnxModel}) through LangChain4j inside the JVM, with no
 * API key and no network; {@link dev.colony.embedding.onnx.LangChain4jEmbedder} adapts any LangChain4j
 * embedding model to Colony's {@link dev.colony.spi.embedding.Embedder}. Optional: without this module
 * Colony searches by keywords only.
 */
package dev.colony.embedding.onnx;
