/**
 * The search SPI: a derived index of memories that answers ranked queries.
 *
 * <p>An index is a cache of the store, never the truth. It is opened over a
 * {@link dev.colony.spi.search.MemorySource} that it tails by memory id, and it must be able to
 * rebuild itself from that source at any time. Results are filtered by the namespaces the caller may
 * read, which core always passes.
 */
package dev.colony.spi.search;
