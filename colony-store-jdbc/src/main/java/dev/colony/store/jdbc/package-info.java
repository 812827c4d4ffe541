/**
 * Relational storage shared by Colony's SQL stores.
 *
 * <p>{@link dev.colony.store.jdbc.JdbcStorageProvider} implements the whole storage SPI once, on
 * Jdbi and plain SQL that every supported engine understands. What differs between engines (how
 * connections are opened, how a write transaction starts, which errors mean "busy, try again", column
 * types in the migrations) is supplied by a {@link dev.colony.store.jdbc.Dialect}; the SQLite and H2
 * modules each provide one. Schema changes are Flyway migrations under {@code db/colony/common},
 * with placeholders for the column types that differ.
 */
package dev.colony.store.jdbc;
