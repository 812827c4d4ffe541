package dev.colony.store.tck;

import dev.colony.api.Namespace;
import dev.colony.api.SessionId;
import dev.colony.api.UserId;
import dev.colony.spi.storage.MemoryDocument;
import dev.colony.spi.storage.NewMemory;
import dev.colony.spi.storage.StorageProvider;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * Two JVM processes writing to one store in lock step, as two agents' MCP servers do.
 *
 * <p>The test process starts a second {@code java} process with its own class path (this class's
 * {@link #main}); both then run the same steps, and neither starts a step before the other has
 * arrived at it (a barrier of marker files beside the store):
 * <ol>
 *   <li>open the store at the same moment, so both migrate a fresh database at once;</li>
 *   <li>create the same user's personal namespace and a session each;</li>
 *   <li>{@code rounds} times: write {@code perRound} memories, one transaction each, at the same
 *       time as the other process.</li>
 * </ol>
 * Because every round starts on the barrier, the two processes' writes overlap in every round whatever
 * the scheduling, and every write of round <i>r</i> commits before any write of round <i>r+1</i>: with
 * three rounds or more, the other process's writes always fall between this one's first and last.
 * The outcome does not depend on timing, so a store that loses or refuses a concurrent write fails
 * every run — which is also how a store with its busy handling switched off is shown to fail.
 */
public final class TwoProcessRace {

    /** The longest either process waits for the other at a barrier, and for the child to exit. */
    public static final Duration BOUND = Duration.ofSeconds(90);

    private static final String PARENT = "parent";
    private static final String CHILD = "child";

    private final Class<? extends StoreFactory> factory;
    private final Path dir;
    private final int rounds;
    private final int perRound;
    private final List<String> childJvmOptions;

    /**
     * A race on the store {@code factory} opens in {@code dir}.
     *
     * @param factory opens the store in both processes; needs a public no-argument constructor
     * @param dir the store's directory (the barrier's marker files go beside it)
     * @param rounds how many rounds both processes write (at least 3, so their writes interleave)
     * @param perRound memories each process writes per round
     */
    public TwoProcessRace(Class<? extends StoreFactory> factory, Path dir, int rounds, int perRound) {
        this(factory, dir, rounds, perRound, List.of());
    }

    /**
     * A race as {@link #TwoProcessRace(Class, Path, int, int)}, whose child JVM also gets
     * {@code childJvmOptions} (before its class path), e.g. a system property naming a database server.
     */
    public TwoProcessRace(Class<? extends StoreFactory> factory, Path dir, int rounds, int perRound,
            List<String> childJvmOptions) {
        if (rounds < 3) {
            throw new IllegalArgumentException("rounds must be at least 3 for the writes to interleave: " + rounds);
        }
        if (perRound < 1) {
            throw new IllegalArgumentException("perRound must be positive: " + perRound);
        }
        this.factory = factory;
        this.dir = dir;
        this.rounds = rounds;
        this.perRound = perRound;
        this.childJvmOptions = List.copyOf(childJvmOptions);
    }

    /**
     * What the race left in the store.
     *
     * @param user the user both processes wrote as
     * @param namespace the namespace this process wrote to
     * @param parent this process's session
     * @param child the child process's session
     * @param stored every memory in the store, in rev order
     */
    public record Outcome(UserId user, Namespace namespace, SessionId parent, SessionId child,
            List<MemoryDocument> stored) {
    }

    /**
     * Runs the race from the test process.
     *
     * @return what the store holds after both processes finished
     * @throws Exception when either process fails a write or a step, or the child does not finish in
     *     {@link #BOUND}; the message carries the child's output
     */
    public Outcome run() throws Exception {
        Files.createDirectories(dir);
        String tag = dir.getFileName().toString();
        Path barrier = dir.resolveSibling(tag + "-barrier");
        Path log = dir.resolveSibling(tag + "-child.log");
        Files.createDirectories(barrier);
        UserId user = Fixtures.newUser();
        SessionId parentSession = SessionId.of(Fixtures.unique(PARENT));
        SessionId childSession = SessionId.of(Fixtures.unique(CHILD));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(List.of(java, "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"));
        command.addAll(childJvmOptions);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), TwoProcessRace.class.getName(),
                factory.getName(), dir.toString(), barrier.toString(), user.value(), childSession.value(),
                Integer.toString(rounds), Integer.toString(perRound)));
        Process child = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        try {
            Barrier steps = new Barrier(barrier, PARENT, CHILD, child::isAlive);
            Writing writing;
            try {
                writing = write(newFactory(factory.getName()), dir, steps, user, parentSession, rounds, perRound);
            } catch (Exception | AssertionError e) {
                throw new AssertionError("this process failed: " + e + "; the child's output:\n" + output(log), e);
            }
            try (StorageProvider store = writing.store()) {
                if (!child.waitFor(BOUND.toMillis(), TimeUnit.MILLISECONDS)) {
                    throw new AssertionError("the child did not finish within " + BOUND + "; its output:\n" + output(log));
                }
                if (child.exitValue() != 0) {
                    throw new AssertionError("the child failed with status " + child.exitValue() + "; its output:\n"
                            + output(log));
                }
                List<MemoryDocument> stored = store.read(
                        tx -> tx.memoryFeed().changedSince(0, 4 * rounds * perRound + 16));
                return new Outcome(user, writing.namespace(), parentSession, childSession, stored);
            }
        } finally {
            if (child.isAlive()) {
                child.destroyForcibly();
                child.waitFor(10, TimeUnit.SECONDS);
            }
        }
    }

    /**
     * The child process: the same steps as the test process.
     *
     * @param args factory class, store directory, barrier directory, user, session, rounds, per round
     * @throws Exception when a step fails; the process then exits non-zero and the test shows its output
     */
    public static void main(String[] args) throws Exception {
        if (args.length != 7) {
            throw new IllegalArgumentException(
                    "usage: TwoProcessRace <factory-class> <dir> <barrier-dir> <user> <session> <rounds> <per-round>");
        }
        ProcessHandle parent = ProcessHandle.current().parent().orElseThrow();
        Barrier steps = new Barrier(Path.of(args[2]), CHILD, PARENT, parent::isAlive);
        Writing writing = write(newFactory(args[0]), Path.of(args[1]), steps, UserId.of(args[3]),
                SessionId.of(args[4]), Integer.parseInt(args[5]), Integer.parseInt(args[6]));
        writing.store().close();
    }

    private record Writing(StorageProvider store, Namespace namespace) {
    }

    /** The steps both processes take; returns the still open store. */
    private static Writing write(StoreFactory factory, Path dir, Barrier steps, UserId user, SessionId session,
            int rounds, int perRound) throws IOException {
        steps.arrive("open");
        StorageProvider store = factory.open(dir);
        try {
            Namespace namespace = store.write(tx -> {
                Namespace personal = tx.namespaces().personal(user, Fixtures.T0);
                tx.sessions().upsert(Fixtures.session(user, session.value(), Fixtures.T0));
                return personal;
            });
            Fixtures.Writer writer = new Fixtures.Writer(user, namespace,
                    Fixtures.session(user, session.value(), Fixtures.T0));
            for (int round = 0; round < rounds; round++) {
                steps.arrive("round-" + round);
                for (int i = 0; i < perRound; i++) {
                    NewMemory memory = Fixtures.memory(writer, contentOf(round, i));
                    try {
                        store.write(tx -> tx.memories().insert(memory));
                    } catch (RuntimeException e) {
                        throw new IllegalStateException("write " + i + " of round " + round + " failed", e);
                    }
                }
            }
            steps.arrive("done");
            return new Writing(store, namespace);
        } catch (IOException | RuntimeException | Error e) {
            store.close();
            throw e;
        }
    }

    /** The content of the {@code i}-th memory a process writes in {@code round}. */
    static String contentOf(int round, int i) {
        return "round " + round + " memory " + i;
    }

    /** The round a memory was written in, read back from its content. */
    public static int roundOf(MemoryDocument document) {
        String content = document.memory().content();
        return Integer.parseInt(content.substring("round ".length(), content.indexOf(" memory ")));
    }

    private static StoreFactory newFactory(String className) throws ReflectiveOperationException {
        return Class.forName(className).asSubclass(StoreFactory.class).getDeclaredConstructor().newInstance();
    }

    private static String output(Path log) throws IOException {
        return Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "(none)";
    }

    /** A two-party barrier on marker files: each side marks a step and waits for the other's mark. */
    private static final class Barrier {
        private final Path dir;
        private final String me;
        private final String other;
        private final BooleanSupplier otherAlive;

        Barrier(Path dir, String me, String other, BooleanSupplier otherAlive) {
            this.dir = dir;
            this.me = me;
            this.other = other;
            this.otherAlive = otherAlive;
        }

        void arrive(String step) throws IOException {
            Files.createFile(dir.resolve(me + "." + step));
            Path theirs = dir.resolve(other + "." + step);
            long deadline = System.nanoTime() + BOUND.toNanos();
            while (!Files.exists(theirs)) {
                if (!otherAlive.getAsBoolean()) {
                    throw new IllegalStateException("the " + other + " process ended before step " + step);
                }
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("the " + other + " process did not reach step " + step
                            + " within " + BOUND);
                }
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
            }
        }
    }
}
