package dev.colony.store.tck;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.Namespace;
import dev.colony.api.UserId;
import dev.colony.api.memory.Memory;
import dev.colony.spi.storage.StorageProvider;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Many threads on one provider: no lost writes, ids visible in order, one personal namespace. */
public interface ConcurrencyContract extends StoreUnderTest {

    /** Writer threads of the race test. */
    int THREADS = 8;
    /** Memories each writer thread inserts, one transaction each. */
    int PER_THREAD = 1_000;

    private static <T> List<T> runTogether(int threads, Callable<T> task) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<T>> futures = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                futures.add(pool.submit(() -> {
                    start.await();
                    return task.call();
                }));
            }
            start.countDown();
            List<T> results = new ArrayList<>();
            for (Future<T> future : futures) {
                results.add(future.get(120, TimeUnit.SECONDS));
            }
            return results;
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    default void concurrentWritersLoseNothingAndRevsBecomeVisibleInOrder() throws Exception {
        StorageProvider store = store();
        Fixtures.Writer writer = Fixtures.writer(store);
        long start = store.read(tx -> tx.memoryFeed().latestRev());
        ExecutorService pool = Executors.newSingleThreadExecutor();
        FeedTailer tailer = new FeedTailer(pool, store, start, 1_000);

        List<List<Memory>> written;
        try {
            written = runTogether(THREADS, () -> {
                List<Memory> mine = new ArrayList<>(PER_THREAD);
                for (int i = 0; i < PER_THREAD; i++) {
                    String content = Thread.currentThread().getName() + " #" + i;
                    mine.add(store.write(tx -> tx.memories().insert(Fixtures.memory(writer, content))));
                    tailer.committed();
                }
                return mine;
            });
        } finally {
            tailer.writersDone();
        }
        Set<Long> tailed = new HashSet<>();
        try {
            tailer.seen().forEach(document -> tailed.add(document.memory().id().value()));
        } finally {
            pool.shutdownNow();
        }

        Set<Long> ids = new HashSet<>();
        List<Memory> all = new ArrayList<>();
        for (List<Memory> mine : written) {
            assertThat(mine).hasSize(PER_THREAD);
            assertThat(mine).extracting(Memory::id).isSorted();
            for (Memory memory : mine) {
                ids.add(memory.id().value());
                all.add(memory);
            }
        }
        assertThat(ids).hasSize(THREADS * PER_THREAD);
        List<Memory> stored = store.read(tx -> tx.memories().findAll(all.stream().map(Memory::id).toList()));
        assertThat(stored).hasSize(THREADS * PER_THREAD);
        assertThat(new HashSet<>(stored)).as("every memory reads back as written").isEqualTo(new HashSet<>(all));
        assertThat(tailed)
                .as("a reader tailing revs saw every memory: none appeared below a rev it had already seen")
                .isEqualTo(ids);
    }

    @Test
    default void concurrentCallsForOnePersonalNamespaceYieldTheSameOne() throws Exception {
        StorageProvider store = store();
        UserId user = Fixtures.newUser();

        List<Namespace> namespaces = runTogether(THREADS,
                () -> store.write(tx -> tx.namespaces().personal(user, Fixtures.T0)));

        assertThat(new HashSet<>(namespaces)).hasSize(1);
        var found = store.read(tx -> tx.namespaces().find(namespaces.get(0).id()));
        assertThat(found).contains(namespaces.get(0));
    }

    @Test
    default void readersRunWhileWritersWrite() throws Exception {
        StorageProvider store = store();
        Fixtures.Writer writer = Fixtures.writer(store);
        Memory first = store.write(tx -> tx.memories().insert(Fixtures.memory(writer, "first")));

        List<Integer> results = runTogether(THREADS, () -> {
            int found = 0;
            for (int i = 0; i < 100; i++) {
                if (i % 2 == 0) {
                    store.write(tx -> tx.sessions().touch(writer.session().id(), Fixtures.T0.plusSeconds(1)));
                } else if (store.read(tx -> tx.memories().find(first.id())).isPresent()) {
                    found++;
                }
            }
            return found;
        });

        assertThat(results).containsOnly(50);
    }
}
