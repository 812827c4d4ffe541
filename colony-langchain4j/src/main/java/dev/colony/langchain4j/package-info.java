/**
 * Colony for LangChain4j: {@link dev.colony.langchain4j.ColonyChatMemoryStore} keeps chat memories in the Colony
 * store, shared by every process that opens it; {@link dev.colony.langchain4j.ColonyEmbeddingStore} keeps segments
 * with the caller's own embeddings and searches them by cosine within SQL-filtered rows;
 * {@link dev.colony.langchain4j.ColonyContentRetriever} feeds an AI service the caller's memories found by Colony's
 * own search. All three act as one caller ({@code colony.as(actor)}),
 * so the access gate decides what they see. Depends on {@code colony-api}, the {@code Colony} entry point and
 * {@code langchain4j-core} only.
 */
package dev.colony.langchain4j;
