/**
 * A Lucene implementation of the search SPI: BM25 over memories, as a derived cache of the store.
 *
 * <p>Start from {@link dev.colony.search.lucene.LuceneSearch}: {@code besideStore()}, {@code at(Path)}
 * or {@code inMemory()} return a {@link dev.colony.search.lucene.LuceneIndexFactory} to give to the
 * Colony builder. The index keeps one text per memory, analysed identically at index and query time
 * so that prose, identifiers and file paths are found by their parts and whole; it never parses
 * Lucene query syntax. Several processes may share one index directory: one indexes under Lucene's
 * write lock, the others read its commits and cover newer memories from the store themselves.
 */
package dev.colony.search.lucene;
