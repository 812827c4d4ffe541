package dev.colony.store.tck;

import dev.colony.spi.storage.StorageProvider;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The base class of a store variant's contract test: opens the store once for the test class in a
 * temporary directory and closes it (and any other provider the tests opened) afterwards.
 *
 * <p>Subclasses implement {@link #openProvider(Path)} and the contract interfaces they pass, usually
 * {@link StorageTck}. After every test, {@link InvariantsExtension} checks the {@link StoreInvariants} of the
 * shared store and of the stores the test opened.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith(InvariantsExtension.class)
public abstract class StorageContract implements StoreUnderTest {

    private final List<StorageProvider> opened = new ArrayList<>();
    private final AtomicInteger directories = new AtomicInteger();
    private Path root;
    private StorageProvider store;

    /** Creates the test class. */
    protected StorageContract() {
    }

    /** Opens (creating and migrating it if needed) the variant under test, kept in {@code dir}. */
    protected abstract StorageProvider openProvider(Path dir);

    @BeforeAll
    final void openSharedStore(@TempDir Path dir) {
        root = dir;
        store = openStore(newDirectory());
    }

    @AfterAll
    final void closeStores() {
        List<StorageProvider> toClose;
        synchronized (opened) {
            toClose = new ArrayList<>(opened);
            opened.clear();
        }
        RuntimeException failure = null;
        for (StorageProvider provider : toClose) {
            try {
                provider.close();
            } catch (RuntimeException e) {
                if (failure == null) {
                    failure = e;
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }

    @Override
    public final StorageProvider store() {
        return store;
    }

    @Override
    public final StorageProvider openStore(Path dir) {
        StorageProvider provider = openProvider(dir);
        synchronized (opened) {
            opened.add(provider);
        }
        return provider;
    }

    /** Every provider opened so far, in opening order, the shared store first; closed ones included. */
    final List<StorageProvider> openedStores() {
        synchronized (opened) {
            return List.copyOf(opened);
        }
    }

    @Override
    public final Path newDirectory() {
        Path dir = root.resolve("store-" + directories.incrementAndGet());
        try {
            return Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
