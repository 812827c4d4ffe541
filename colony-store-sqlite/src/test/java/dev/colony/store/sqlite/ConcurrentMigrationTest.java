package dev.colony.store.sqlite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Several fresh JVMs open (and so migrate) one new SQLite file at the same moment: every one succeeds
 * and they all get the same store id.
 */
class ConcurrentMigrationTest {

    private static final int PROCESSES = 3;
    private static final long BOUND_NANOS = TimeUnit.SECONDS.toNanos(90);

    @TempDir
    Path dir;

    @Test
    void processesMigratingOneFreshFileAtOnceAllSucceedWithOneStoreId() throws Exception {
        Path db = dir.resolve("colony.db");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<Process> processes = new ArrayList<>();
        List<Path> results = new ArrayList<>();
        try {
            for (int i = 0; i < PROCESSES; i++) {
                Path marker = dir.resolve("started-" + i);
                Path result = dir.resolve("store-id-" + i);
                results.add(result);
                processes.add(new ProcessBuilder(java, "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
                        "-cp", System.getProperty("java.class.path"), MigratingProcess.class.getName(),
                        db.toString(), marker.toString(), result.toString())
                        .redirectErrorStream(true)
                        .redirectOutput(dir.resolve("process-" + i + ".log").toFile())
                        .start());
            }
            long deadline = System.nanoTime() + BOUND_NANOS;
            for (int i = 0; i < PROCESSES; i++) {
                Path marker = dir.resolve("started-" + i);
                while (!Files.exists(marker)) {
                    if (!processes.get(i).isAlive() || System.nanoTime() > deadline) {
                        fail("process %d did not start; its output:%n%s", i, log(i));
                    }
                    LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
                }
            }
            for (Process process : processes) {
                try (OutputStream start = process.getOutputStream()) {
                    start.write('\n');
                }
            }
            Set<String> storeIds = new HashSet<>();
            for (int i = 0; i < PROCESSES; i++) {
                Process process = processes.get(i);
                if (!process.waitFor(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)) {
                    fail("process %d did not finish in time; its output:%n%s", i, log(i));
                }
                assertThat(process.exitValue()).as("exit status of process %d; its output:%n%s", i, log(i)).isZero();
                storeIds.add(Files.readString(results.get(i), StandardCharsets.UTF_8));
            }
            assertThat(storeIds).hasSize(1);
            try (SqliteStorageProvider store = SqliteStorageProvider.open(db)) {
                assertThat(storeIds).containsExactly(store.storeId());
            }
        } finally {
            for (Process process : processes) {
                if (process.isAlive()) {
                    process.destroyForcibly();
                    process.waitFor(10, TimeUnit.SECONDS);
                }
            }
        }
    }

    private String log(int process) throws IOException {
        Path log = dir.resolve("process-" + process + ".log");
        return Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "(none)";
    }
}
