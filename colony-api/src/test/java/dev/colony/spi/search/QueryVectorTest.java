package dev.colony.spi.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.spi.storage.StoredVector;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** A query's embedding computed once, where it is started or else where it is needed, and its failures. */
class QueryVectorTest {

    private static final StoredVector VECTOR = new StoredVector("model", new float[] {0.6f, 0.8f});

    @Test
    void aKnownVectorIsDoneAndReturnedAsGiven() {
        QueryVector known = QueryVector.of(VECTOR);

        assertThat(known.done()).isTrue();
        assertThat(known.get()).isSameAs(VECTOR);
    }

    @Test
    void aVectorNobodyStartedIsComputedOnceOnTheThreadThatNeedsIt() {
        AtomicInteger computed = new AtomicInteger();
        AtomicReference<String> where = new AtomicReference<>();
        QueryVector later = QueryVector.computedBy(() -> {
            computed.incrementAndGet();
            where.set(Thread.currentThread().getName());
            return VECTOR;
        });

        assertThat(later.done()).isFalse();
        assertThat(later.get()).isSameAs(VECTOR);
        assertThat(later.get()).isSameAs(VECTOR);
        assertThat(computed).hasValue(1);
        assertThat(where).hasValue(Thread.currentThread().getName());
    }

    @Test
    void aStartedVectorIsComputedOnTheExecutorWhileTheCallerGoesOn() throws InterruptedException {
        ExecutorService pool = Executors.newSingleThreadExecutor(task -> new Thread(task, "embedding-thread"));
        try {
            CountDownLatch started = new CountDownLatch(1);
            CountDownLatch callerWentOn = new CountDownLatch(1);
            AtomicReference<String> where = new AtomicReference<>();
            QueryVector later = QueryVector.computedBy(() -> {
                where.set(Thread.currentThread().getName());
                started.countDown();
                try {
                    // Times out, and fails the test below, if startOn waited for the computation.
                    callerWentOn.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return VECTOR;
            });

            later.startOn(pool);
            callerWentOn.countDown();
            assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();

            assertThat(later.get()).isSameAs(VECTOR);
            assertThat(where).hasValue("embedding-thread");
            later.startOn(pool);
        } finally {
            pool.shutdown();
            assertThat(pool.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
        }
    }

    @Test
    void anExecutorThatRefusesLeavesTheComputationToTheCaller() {
        QueryVector later = QueryVector.computedBy(() -> VECTOR);

        later.startOn(task -> {
            throw new RejectedExecutionException("closed");
        });

        assertThat(later.done()).isFalse();
        assertThat(later.get()).isSameAs(VECTOR);
    }

    @Test
    void aColonyFailurePassesThroughAndAnyOtherIsReportedAsInternal() {
        ColonyException unavailable = new ColonyException(ErrorCode.UNAVAILABLE, "no model");
        QueryVector refused = QueryVector.computedBy(() -> {
            throw unavailable;
        });
        assertThatThrownBy(refused::get).isSameAs(unavailable);
        assertThatThrownBy(refused::get).isSameAs(unavailable);

        QueryVector broken = QueryVector.computedBy(() -> {
            throw new IllegalStateException("runtime gone");
        });
        assertThatThrownBy(broken::get).isInstanceOfSatisfying(ColonyException.class, e -> {
            assertThat(e.code()).isEqualTo(ErrorCode.INTERNAL);
            assertThat(e).hasMessageContaining("runtime gone").hasCauseInstanceOf(IllegalStateException.class);
        });

        QueryVector empty = QueryVector.computedBy(() -> null);
        assertThatThrownBy(empty::get).isInstanceOf(ColonyException.class).hasMessageContaining("no vector");
    }
}
