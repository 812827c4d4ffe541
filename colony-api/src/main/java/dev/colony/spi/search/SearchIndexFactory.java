package dev.colony.spi.search;

import java.time.Clock;

/** Opens a search index over a store. Given to the Colony builder; called once when it builds. */
@FunctionalInterface
public interface SearchIndexFactory {

    /**
     * Opens (creating or rebuilding when needed) the index for {@code source}.
     *
     * @param clock the Colony's clock: whatever the index schedules by time (commits, retries) reads
     *     it, so that tests moving the clock move the index too
     */
    SearchIndex open(MemorySource source, Clock clock);
}
