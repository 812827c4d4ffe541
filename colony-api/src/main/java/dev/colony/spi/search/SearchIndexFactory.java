package dev.colony.spi.search;

/** Opens a search index over a store. Given to the Colony builder; called once when it builds. */
@FunctionalInterface
public interface SearchIndexFactory {

    /** Opens (creating or rebuilding when needed) the index for {@code source}. */
    SearchIndex open(MemorySource source);
}
