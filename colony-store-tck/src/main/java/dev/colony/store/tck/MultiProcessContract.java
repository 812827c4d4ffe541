package dev.colony.store.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dev.colony.api.Namespace;
import dev.colony.api.SessionId;
import dev.colony.api.UserId;
import dev.colony.api.memory.Memory;
import dev.colony.spi.storage.MemoryDocument;
import dev.colony.spi.storage.NewMemory;
import dev.colony.spi.storage.StorageCapability;
import dev.colony.spi.storage.StorageProvider;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

/**
 * Two JVM processes on one store at the same time, as two agents' MCP servers are. Only variants that
 * declare {@link StorageCapability#MULTI_PROCESS} implement this contract.
 *
 * <p>The test starts a child {@code java} process with this JVM's own class path running
 * {@link ChildWriter}. Once it runs, both processes open the same fresh store at the same moment (so
 * they also migrate it concurrently) and create the same user's personal namespace; then both write
 * {@link #MEMORIES_PER_PROCESS} memories at the same time. No write may be lost or fail, both must get
 * one namespace, and the child must exit 0 within the bound.
 */
public interface MultiProcessContract extends StoreUnderTest {

    /** Memories each process writes. */
    int MEMORIES_PER_PROCESS = 500;
    /** The longest the test waits for the child to get ready, and then to finish. */
    Duration CHILD_BOUND = Duration.ofSeconds(90);

    /** The factory the child process opens the store with; its {@code open(dir)} must match {@link #openStore}. */
    Class<? extends StoreFactory> storeFactory();

    @Test
    default void twoProcessesWriteConcurrentlyWithoutLosingAWrite() throws Exception {
        Path dir = newDirectory();
        Path log = dir.resolveSibling(dir.getFileName() + "-child.log");
        Path started = dir.resolveSibling(dir.getFileName() + "-child.started");
        UserId user = Fixtures.newUser();
        SessionId childSession = SessionId.of(Fixtures.unique("child"));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process child = new ProcessBuilder(java, "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
                "-cp", System.getProperty("java.class.path"),
                ChildWriter.class.getName(), storeFactory().getName(), dir.toString(), user.value(),
                childSession.value(), Integer.toString(MEMORIES_PER_PROCESS), started.toString())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        try (OutputStream signals = child.getOutputStream()) {
            awaitFile(started, child, log);
            // Both processes open (and so migrate) the fresh store at the same moment.
            signal(signals);
            StorageProvider store = openStore(dir);
            assertThat(store.capabilities()).contains(StorageCapability.MULTI_PROCESS);
            Fixtures.Writer writer = store.write(tx -> {
                Namespace namespace = tx.namespaces().personal(user, Fixtures.T0);
                return new Fixtures.Writer(user, namespace,
                        tx.sessions().upsert(Fixtures.session(user, Fixtures.unique("parent"), Fixtures.T0)));
            });

            awaitChildSession(store, child, childSession, log);
            signal(signals);
            List<Memory> mine = new ArrayList<>();
            for (int i = 0; i < MEMORIES_PER_PROCESS; i++) {
                if (i == MEMORIES_PER_PROCESS / 2) {
                    // A process that writes back to back can keep winning the database lock until it is done;
                    // make sure the child got in while this process was writing, so the two really overlap.
                    awaitChildMemoryAfter(store, child, childSession, mine.get(0).id().value(), log);
                }
                NewMemory memory = Fixtures.memory(writer, "parent " + i);
                mine.add(store.write(tx -> tx.memories().insert(memory)));
            }

            if (!child.waitFor(CHILD_BOUND.toMillis(), TimeUnit.MILLISECONDS)) {
                fail("the child process did not finish within " + CHILD_BOUND + "; its output:%n%s", output(log));
            }
            assertThat(child.exitValue()).as("child exit status; its output:%n%s", output(log)).isZero();

            List<MemoryDocument> all = store.read(tx -> tx.memories().after(0, 10 * MEMORIES_PER_PROCESS));
            assertThat(all).extracting(d -> d.memory().id().value()).isSorted().doesNotHaveDuplicates();
            Set<Memory> stored = new HashSet<>();
            int fromChild = 0;
            int childWithinParentRange = 0;
            long firstParentId = mine.get(0).id().value();
            long lastParentId = mine.get(mine.size() - 1).id().value();
            for (MemoryDocument document : all) {
                Memory memory = document.memory();
                assertThat(memory.namespace()).as("both processes share one personal namespace")
                        .isEqualTo(writer.namespace().id());
                if (memory.session().equals(childSession)) {
                    fromChild++;
                    long id = memory.id().value();
                    if (id > firstParentId && id < lastParentId) {
                        childWithinParentRange++;
                    }
                } else {
                    stored.add(memory);
                }
            }
            assertThat(fromChild).as("memories the child wrote").isEqualTo(MEMORIES_PER_PROCESS);
            assertThat(childWithinParentRange).as("the two processes' writes interleaved").isPositive();
            assertThat(stored).as("memories this process wrote").isEqualTo(new HashSet<>(mine));
        } finally {
            if (child.isAlive()) {
                child.destroyForcibly();
                child.waitFor(10, TimeUnit.SECONDS);
            }
        }
    }

    private static void signal(OutputStream signals) throws IOException {
        signals.write('\n');
        signals.flush();
    }

    private static void awaitFile(Path file, Process child, Path log) throws IOException {
        long deadline = System.nanoTime() + CHILD_BOUND.toNanos();
        while (!Files.exists(file)) {
            if (!child.isAlive()) {
                fail("the child process exited with %d before it started; its output:%n%s", child.exitValue(),
                        output(log));
            }
            if (System.nanoTime() > deadline) {
                fail("the child process did not start within %s; its output:%n%s", CHILD_BOUND, output(log));
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
        }
    }

    private static void awaitChildSession(StorageProvider store, Process child, SessionId session, Path log)
            throws IOException {
        long deadline = System.nanoTime() + CHILD_BOUND.toNanos();
        while (store.read(tx -> tx.sessions().find(session)).isEmpty()) {
            if (!child.isAlive()) {
                fail("the child process exited with %d before it was ready; its output:%n%s", child.exitValue(),
                        output(log));
            }
            if (System.nanoTime() > deadline) {
                fail("the child process was not ready within %s; its output:%n%s", CHILD_BOUND, output(log));
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5));
        }
    }

    private static void awaitChildMemoryAfter(StorageProvider store, Process child, SessionId session, long afterId,
            Path log) throws IOException {
        long deadline = System.nanoTime() + CHILD_BOUND.toNanos();
        while (store.read(tx -> tx.memories().timeline(session, null, 1)).stream()
                .noneMatch(entry -> entry.id().value() > afterId)) {
            if (!child.isAlive() && child.exitValue() != 0) {
                fail("the child process failed with %d; its output:%n%s", child.exitValue(), output(log));
            }
            if (System.nanoTime() > deadline) {
                fail("the child process wrote nothing within %s; its output:%n%s", CHILD_BOUND, output(log));
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
        }
    }

    private static String output(Path log) throws IOException {
        return Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "(none)";
    }
}
