package dev.colony.springai;

import dev.colony.api.CallerScope;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.spi.storage.StorageProvider;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * One Colony on a fresh store in a temporary directory, opened on first use and shared by the tests of a class
 * (Spring AI's vector store tests ask for their store many times per test); {@link #close} removes it.
 */
final class OpenColony implements AutoCloseable {

    private final Function<Path, StorageProvider> opener;
    private Path dir;
    private Colony colony;

    OpenColony(Function<Path, StorageProvider> opener) {
        this.opener = opener;
    }

    /** The scope of {@code user} (agent "spring-ai"). */
    synchronized CallerScope as(String user) {
        if (colony == null) {
            try {
                dir = Files.createTempDirectory("colony-spring-ai");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            colony = Colony.builder().storage(opener.apply(dir)).build();
        }
        return colony.as(colony.sessions().ensure(SessionStart.of(user, "spring-ai")).actor());
    }

    @Override
    public synchronized void close() throws IOException {
        if (colony != null) {
            colony.close();
            colony = null;
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(file);
                }
            }
        }
    }
}
