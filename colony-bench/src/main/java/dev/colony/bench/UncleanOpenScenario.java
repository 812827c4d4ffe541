package dev.colony.bench;

import dev.colony.api.Actor;
import dev.colony.api.NamespaceId;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.spi.storage.NewMemory;
import dev.colony.spi.storage.StorageProvider;
import dev.colony.spi.storage.StoredVector;
import dev.colony.store.sqlite.SqliteStorageProvider;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;

/**
 * {@code store.open.unclean}: opening a SQLite store of {@code size} memories (each with a 384-dimension
 * vector, as the default model writes) after another process was killed with it open, which runs SQLite's
 * quick check of every page first, against opening it after a clean close, alternating. The killed
 * process ({@link StoreHolder}) is a fresh JVM each time; only the open in this process is timed.
 */
final class UncleanOpenScenario implements Scenario {

    static final double TARGET_ADDED_MILLIS = 500;
    private static final int DIMENSION = 384;
    private static final int OPENS_PER_ROUND = 3;

    @Override
    public String name() {
        return "store.open.unclean";
    }

    @Override
    public int defaultSize() {
        return 10_000;
    }

    @Override
    public Result run(int size, BenchOptions options) throws IOException, InterruptedException {
        Path db = options.workDir().resolve("colony.db");
        fill(db, size, new Random(options.seed()));
        int opens = OPENS_PER_ROUND * options.rounds();
        Latencies unclean = new Latencies(opens);
        Latencies clean = new Latencies(opens);
        open(db, null);
        for (int i = 0; i < opens; i++) {
            killWithStoreOpen(db);
            open(db, unclean);
            open(db, clean);
        }
        double added = unclean.percentileMillis(50) - clean.percentileMillis(50);
        return new Result(name(), size, unclean, clean, "p50 of an open after a kill / p50 of an open after a clean "
                + "close", unclean.percentileMillis(50) / clean.percentileMillis(50),
                String.format(Locale.ROOT, "added p50 <= %.0f ms", TARGET_ADDED_MILLIS), added <= TARGET_ADDED_MILLIS,
                String.format(Locale.ROOT, "%d memories with %d-dimension vectors, a %.1f MB file (warm in the page "
                        + "cache, as after a restart); the quick check adds %.1f ms at p50; %d opens of each kind, "
                        + "alternating, each after a fresh JVM held the store open and was killed", size, DIMENSION,
                        Files.size(db) / 1e6, added, opens));
    }

    /** Times opening and closing the store (the open's checks included) into {@code into}, when given. */
    private static void open(Path db, Latencies into) {
        long start = System.nanoTime();
        SqliteStorageProvider.open(db).close();
        if (into != null) {
            long elapsed = System.nanoTime() - start;
            into.record(elapsed);
            into.addWall(elapsed);
        }
    }

    /** Starts a process that opens the store, and kills it once the store is open. */
    private static void killWithStoreOpen(Path db) throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process process = new ProcessBuilder(List.of(java, "-XX:TieredStopAtLevel=1", "-cp",
                System.getProperty("java.class.path"), StoreHolder.class.getName(), db.toString()))
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try (BufferedReader out = new BufferedReader(
                new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line = out.readLine();
            if (line == null || !line.startsWith("OPEN ")) {
                throw new IllegalStateException("the store.open.unclean holder did not open the store: " + line);
            }
        } finally {
            process.destroyForcibly();
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the store.open.unclean holder did not die");
            }
        }
    }

    /** Writes {@code size} memories with random vectors, a thousand per transaction. */
    private static void fill(Path db, int size, Random random) {
        try (Colony colony = Colony.builder().storage(SqliteStorageProvider.open(db)).build()) {
            Actor actor = colony.sessions().ensure(SessionStart.of("bench", "bench")).actor();
            StorageProvider storage = colony.storage();
            NamespaceId namespace = storage.write(tx -> tx.namespaces().personal(actor.user(), Instant.now()).id());
            Corpus corpus = new Corpus(random.nextLong(), 20_000);
            for (int written = 0; written < size; written += 1_000) {
                int from = written;
                int count = Math.min(1_000, size - written);
                storage.write(tx -> {
                    for (int n = from; n < from + count; n++) {
                        float[] vector = new float[DIMENSION];
                        for (int d = 0; d < DIMENSION; d++) {
                            vector[d] = (float) random.nextGaussian();
                        }
                        tx.memories().insert(new NewMemory(namespace, actor.session(), MemoryKind.FACT,
                                corpus.sentence(8, 16), List.of(), List.of(), null, null, null, null,
                                Instant.ofEpochMilli(1_700_000_000_000L + n), null, Map.of(),
                                new StoredVector("bench-random-" + DIMENSION, vector)));
                    }
                    return null;
                });
            }
        }
    }
}
