package dev.colony.store.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.MemoryId;
import dev.colony.api.SessionId;
import dev.colony.api.baton.BatonKind;
import dev.colony.api.baton.BatonStatus;
import dev.colony.api.claim.ClaimState;
import dev.colony.spi.storage.BatonRecords.StoredBaton;
import dev.colony.spi.storage.ClaimRecords.StoredClaim;
import dev.colony.spi.storage.StorageProvider;
import dev.colony.spi.storage.TaskRecords.StoredTask;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@link dev.colony.spi.storage.ClaimRecords} and {@link dev.colony.spi.storage.BatonRecords}: the two
 * state machines' rows, their compare-and-set on the version (a stale version changes nothing), the
 * one-row-per-file rule, and a race in which many threads try the same transition and exactly one wins.
 */
public interface ClaimBatonContract extends StoreUnderTest {

    static StoredTask task(StorageProvider store, Fixtures.Writer writer) {
        return store.write(tx -> tx.tasks().insert(writer.namespace().id(), "t", "/r/" + Fixtures.unique("repo"),
                "feature", writer.session().id(), Fixtures.T0));
    }

    @Test
    default void aClaimRowIsUniquePerTaskAndFileAndChangesOnlyFromTheVersionItWasReadAt() {
        StorageProvider store = store();
        Fixtures.Writer writer = Fixtures.writer(store);
        StoredTask task = task(store, writer);
        SessionId session = writer.session().id();
        StoredClaim claim = store.write(tx -> tx.claims().insert(task.id(), "src/A.java", session, "claude-code",
                ClaimState.ACTIVE, Fixtures.T0, null, null, Fixtures.T0));

        assertThat(claim.version()).isEqualTo(1);
        assertThat(store.<Optional<StoredClaim>>read(tx -> tx.claims().find(task.id(), "src/A.java"))).contains(claim);
        assertThat(store.<Optional<StoredClaim>>read(tx -> tx.claims().find(task.id(), "src/B.java"))).isEmpty();
        assertThatThrownBy(() -> store.write(tx -> tx.claims().insert(task.id(), "src/A.java", session, "codex",
                ClaimState.ACTIVE, Fixtures.T0, null, null, Fixtures.T0)))
                .isInstanceOfSatisfying(ColonyException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.DUPLICATE));

        Instant later = Fixtures.T0.plusSeconds(60);
        MemoryId baton = MemoryId.of(77);
        Optional<StoredClaim> pending = store.write(tx -> tx.claims().compareAndSet(
                claim.inState(ClaimState.HANDOFF_PENDING, later, baton), later));
        Optional<StoredClaim> stale = store.write(tx -> tx.claims().compareAndSet(
                claim.inState(ClaimState.RELEASED, null, null), later));

        assertThat(pending).hasValueSatisfying(changed -> {
            assertThat(changed.state()).isEqualTo(ClaimState.HANDOFF_PENDING);
            assertThat(changed.expiresAt()).isEqualTo(later);
            assertThat(changed.baton()).isEqualTo(baton);
            assertThat(changed.version()).isEqualTo(2);
            assertThat(changed.updatedAt()).isEqualTo(later);
        });
        assertThat(stale).as("a stale version changes nothing").isEmpty();
        assertThat(store.<List<StoredClaim>>read(tx -> tx.claims().listByBaton(baton))).containsExactly(pending.get());
        assertThat(store.<Optional<StoredClaim>>read(tx -> tx.claims().find(task.id(), "src/A.java"))).isEqualTo(pending);
    }

    @Test
    default void claimsAreListedByTaskStateAndNamespaceMostRecentFirst() {
        StorageProvider store = store();
        Fixtures.Writer writer = Fixtures.writer(store);
        Fixtures.Writer other = Fixtures.writer(store);
        StoredTask task = task(store, writer);
        StoredTask hidden = task(store, other);
        SessionId session = writer.session().id();
        StoredClaim old = store.write(tx -> tx.claims().insert(task.id(), "a", session, "x", ClaimState.ACTIVE,
                Fixtures.T0, null, null, Fixtures.T0));
        StoredClaim recent = store.write(tx -> tx.claims().insert(task.id(), "b", session, "x", ClaimState.ACTIVE,
                Fixtures.T0.plusSeconds(5), null, null, Fixtures.T0));
        StoredClaim weak = store.write(tx -> tx.claims().insert(task.id(), "c", session, "x", ClaimState.WEAK_EXPIRED,
                Fixtures.T0.plusSeconds(9), null, null, Fixtures.T0));
        store.write(tx -> tx.claims().insert(hidden.id(), "a", other.session().id(), "x", ClaimState.ACTIVE,
                Fixtures.T0, null, null, Fixtures.T0));

        assertThat(store.<List<StoredClaim>>read(tx -> tx.claims().listByTask(task.id(), List.of(ClaimState.ACTIVE), 10)))
                .containsExactly(recent, old);
        assertThat(store.<List<StoredClaim>>read(tx -> tx.claims().listByTask(task.id(), List.of(ClaimState.ACTIVE,
                ClaimState.WEAK_EXPIRED), 2))).containsExactly(weak, recent);
        assertThat(store.<List<StoredClaim>>read(tx -> tx.claims().listByNamespaces(Set.of(writer.namespace().id()),
                List.of(ClaimState.values()), 10))).containsExactly(weak, recent, old);
        assertThat(store.<List<StoredClaim>>read(tx -> tx.claims().listByNamespaces(Set.of(), List.of(ClaimState.values()), 10)))
                .isEmpty();
    }

    @Test
    default void aBatonIsKeyedByItsMemoryAndMovesOnlyFromTheVersionItWasReadAt() {
        StorageProvider store = store();
        Fixtures.Writer writer = Fixtures.writer(store);
        StoredTask task = task(store, writer);
        StoredBaton baton = newBaton(store, writer, task, BatonKind.RELAY);

        assertThat(baton.version()).isEqualTo(1);
        assertThat(baton.details()).containsEntry("summary", "finish it").containsEntry("steps", List.of("a", "b"));
        assertThat(baton.files()).containsExactly("src/A.java");
        assertThat(store.<Optional<StoredBaton>>read(tx -> tx.batons().find(baton.id()))).contains(baton);

        Instant later = Fixtures.T0.plusSeconds(30);
        Optional<StoredBaton> readdressed = store.write(tx -> tx.batons().compareAndSet(
                baton.readdressed("any", "not mine"), later));
        assertThat(readdressed).hasValueSatisfying(b -> {
            assertThat(b.toAgent()).isEqualTo("any");
            assertThat(b.note()).isEqualTo("not mine");
            assertThat(b.version()).isEqualTo(2);
        });
        Optional<StoredBaton> stale = store.write(tx -> tx.batons().compareAndSet(
                baton.resolved(BatonStatus.ACCEPTED, writer.session().id(), later, null), later));
        assertThat(stale).isEmpty();
        Optional<StoredBaton> accepted = store.write(tx -> tx.batons().compareAndSet(
                readdressed.get().resolved(BatonStatus.ACCEPTED, writer.session().id(), later, null), later));
        assertThat(accepted).hasValueSatisfying(b -> {
            assertThat(b.status()).isEqualTo(BatonStatus.ACCEPTED);
            assertThat(b.resolvedBy()).isEqualTo(writer.session().id());
            assertThat(b.resolvedAt()).isEqualTo(later);
            assertThat(b.version()).isEqualTo(3);
        });
        StoredBaton handoff = newBaton(store, writer, task, BatonKind.HANDOFF);
        assertThat(store.<List<StoredBaton>>read(tx -> tx.batons().listByTask(task.id(), null, List.of(BatonStatus.PENDING), 10)))
                .containsExactly(handoff);
        assertThat(store.<List<StoredBaton>>read(tx -> tx.batons().listByTask(task.id(), BatonKind.RELAY,
                List.of(BatonStatus.values()), 10))).containsExactly(accepted.get());
    }

    @Test
    default void ofManyThreadsTryingOneTransitionExactlyOneWins() throws Exception {
        StorageProvider store = store();
        Fixtures.Writer writer = Fixtures.writer(store);
        StoredTask task = task(store, writer);
        int threads = 4;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            for (int round = 0; round < 25; round++) {
                StoredBaton baton = newBaton(store, writer, task, BatonKind.HANDOFF);
                CyclicBarrier start = new CyclicBarrier(threads);
                List<Future<Boolean>> futures = new ArrayList<>();
                for (int i = 0; i < threads; i++) {
                    Callable<Boolean> accept = () -> {
                        start.await(30, TimeUnit.SECONDS);
                        return store.write(tx -> {
                            StoredBaton read = tx.batons().find(baton.id()).orElseThrow();
                            if (read.status() != BatonStatus.PENDING) {
                                return false;
                            }
                            return tx.batons().compareAndSet(read.resolved(BatonStatus.ACCEPTED,
                                    writer.session().id(), Fixtures.T0, null), Fixtures.T0).isPresent();
                        });
                    };
                    futures.add(pool.submit(accept));
                }
                int winners = 0;
                for (Future<Boolean> future : futures) {
                    winners += future.get(60, TimeUnit.SECONDS) ? 1 : 0;
                }
                assertThat(winners).as("round " + round).isEqualTo(1);
                assertThat(store.<Optional<StoredBaton>>read(tx -> tx.batons().find(baton.id())).orElseThrow().version()).isEqualTo(2);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    static StoredBaton newBaton(StorageProvider store, Fixtures.Writer writer, StoredTask task, BatonKind kind) {
        return store.write(tx -> {
            MemoryId id = tx.memories().insert(Fixtures.memory(writer, kind.wireName())).id();
            return tx.batons().insert(new StoredBaton(id, kind, task.id(), BatonStatus.PENDING, writer.session().id(),
                    "claude-code", "codex", Map.of("summary", "finish it", "steps", List.of("a", "b")),
                    List.of("src/A.java"), Fixtures.T0, Fixtures.T0.plusSeconds(3600), null, null, null, Fixtures.T0,
                    1));
        });
    }
}
