package dev.colony.store.tck;

import dev.colony.api.Namespace;
import dev.colony.api.SessionId;
import dev.colony.api.UserId;
import dev.colony.spi.storage.NewMemory;
import dev.colony.spi.storage.StorageProvider;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The second process of {@link MultiProcessContract}. Steps, each waiting for the test process:
 * <ol>
 *   <li>creates the marker file (it is running) and waits for a line on standard input;</li>
 *   <li>opens the store through a {@link StoreFactory} (the test process opens it at the same moment,
 *       so both migrate a fresh database at once) and records its session, which tells the test it is
 *       ready; then waits for a second line;</li>
 *   <li>writes memories, one transaction each, while the test process writes its own.</li>
 * </ol>
 *
 * <p>Arguments: factory class name, store directory, user, session id, number of memories, marker
 * file. Exits 0 when every step succeeded; any failure ends it with an uncaught exception and a
 * non-zero status, and the test reports this process's output.
 */
public final class ChildWriter {

    private ChildWriter() {
    }

    /**
     * Runs the child.
     *
     * @param args factory class, directory, user, session id, count, marker file
     * @throws Exception when anything fails
     */
    public static void main(String[] args) throws Exception {
        if (args.length != 6) {
            throw new IllegalArgumentException(
                    "usage: ChildWriter <factory-class> <dir> <user> <session> <count> <marker-file>");
        }
        StoreFactory factory = Class.forName(args[0]).asSubclass(StoreFactory.class)
                .getDeclaredConstructor().newInstance();
        Path dir = Path.of(args[1]);
        UserId user = UserId.of(args[2]);
        SessionId session = SessionId.of(args[3]);
        int count = Integer.parseInt(args[4]);
        Files.createFile(Path.of(args[5]));
        awaitLine(System.in);
        try (StorageProvider store = factory.open(dir)) {
            Namespace namespace = store.write(tx -> {
                Namespace personal = tx.namespaces().personal(user, Fixtures.T0);
                tx.sessions().upsert(Fixtures.session(user, session.value(), Fixtures.T0));
                return personal;
            });
            awaitLine(System.in);
            Fixtures.Writer writer = new Fixtures.Writer(user, namespace, Fixtures.session(user, session.value(), Fixtures.T0));
            for (int i = 0; i < count; i++) {
                NewMemory memory = Fixtures.memory(writer, "child " + i);
                store.write(tx -> tx.memories().insert(memory));
            }
        }
    }

    private static void awaitLine(InputStream in) throws IOException {
        int c;
        do {
            c = in.read();
        } while (c != '\n' && c != -1);
        if (c == -1) {
            throw new IOException("the test process closed standard input before its signal");
        }
    }
}
