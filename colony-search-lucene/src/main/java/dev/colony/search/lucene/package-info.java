/**
 * A Lucene implementation of the search SPI: BM25 over memories, as a derived cache of the store.
 *
 * <p>Start from {@link dev.colony.search.lucene.LuceneSearch}: {@code besideStore()}, {@code at(Path)}
 * or {@code inMemory()} return a {@link dev.colony.search.lucene.LuceneIndexFactory} to give to the
 * Colony builder. The index keeps one text per memory, analysed identically at index and query time
 * so that prose, identifiers and file paths are found by their parts and whole; it never parses
 * Lucene query syntax. It tails the store's change feed by rev and replaces a changed memory's
 * document by id, so edits are found by their new text. Several processes may share one index
 * directory: the one holding Lucene's write lock indexes and commits in the background, the others
 * search its last commit plus an in-memory overlay of newer changes; every process adds the few
 * changes a search finds missing itself, and never a backlog.
 */
package dev.colony.search.lucene;
