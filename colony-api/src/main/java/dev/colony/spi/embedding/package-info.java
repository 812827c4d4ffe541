/**
 * The embedding SPI: turns memory text into vectors for semantic search and deduplication.
 *
 * <p>Implementations run in-process with no network access at run time.
 */
package dev.colony.spi.embedding;
