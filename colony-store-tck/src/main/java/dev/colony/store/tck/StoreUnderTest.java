package dev.colony.store.tck;

import dev.colony.spi.storage.StorageProvider;
import java.nio.file.Path;

/** What the contract interfaces need from the test class: the store they check. */
public interface StoreUnderTest {

    /** The store shared by the tests of this class. */
    StorageProvider store();

    /**
     * Opens another provider of the variant under test in {@code dir}; it is closed after the tests of
     * the class, unless the test closes it first.
     */
    StorageProvider openStore(Path dir);

    /** A new empty directory for one test. */
    Path newDirectory();
}
