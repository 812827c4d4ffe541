package dev.colony.store.tck;

import dev.colony.spi.storage.StorageProvider;
import java.nio.file.Path;

/**
 * Opens the store variant under test in a directory. Implementations need a public no-argument
 * constructor: {@link MultiProcessContract} names the class on the command line of a second JVM,
 * which opens the same store through it.
 */
public interface StoreFactory {

    /** Opens (creating and migrating it if needed) the store kept in {@code dir}. */
    StorageProvider open(Path dir);
}
