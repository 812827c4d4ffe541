/**
 * The Spring AI adapter: Colony as Spring AI's {@link org.springframework.ai.chat.memory.ChatMemoryRepository}
 * ({@link dev.colony.springai.ColonyChatMemoryRepository}) and {@link org.springframework.ai.vectorstore.VectorStore}
 * ({@link dev.colony.springai.ColonyVectorStore}), built on the caller's scope of a {@code Colony}.
 */
package dev.colony.springai;
