package dev.colony.store.tck;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.spi.storage.MemoryDocument;
import dev.colony.spi.storage.StorageCapability;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Two JVM processes on one store at the same time, as two agents' MCP servers are. Only variants that
 * declare {@link StorageCapability#MULTI_PROCESS} implement this contract.
 *
 * <p>The scenario is {@link TwoProcessRace}: both processes open a fresh store at once (so they also
 * migrate it concurrently), share one user's personal namespace, and write {@link #ROUNDS} rounds of
 * {@link #PER_ROUND} memories, each round started by both on a barrier. No write may be lost or fail,
 * both must get the same namespace, ids and revs must be unique, and every round's writes must commit
 * before the next round's, which makes the two processes' writes interleave in every run.
 */
public interface MultiProcessContract extends StoreUnderTest {

    /** Rounds each process writes. */
    int ROUNDS = 4;
    /** Memories each process writes per round. */
    int PER_ROUND = 100;

    /** The factory both processes open the store with; its {@code open(dir)} must match {@link #openStore}. */
    Class<? extends StoreFactory> storeFactory();

    /**
     * Options for the child JVM, before its class path: how it reaches the store when the directory
     * alone does not say (a database server's address, say). None by default.
     */
    default List<String> childJvmOptions() {
        return List.of();
    }

    @Test
    default void twoProcessesWriteConcurrentlyWithoutLosingAWrite() throws Exception {
        assertThat(store().capabilities()).contains(StorageCapability.MULTI_PROCESS);
        TwoProcessRace.Outcome outcome = new TwoProcessRace(storeFactory(), newDirectory(), ROUNDS, PER_ROUND,
                childJvmOptions()).run();

        List<MemoryDocument> stored = outcome.stored();
        assertThat(stored).extracting(d -> d.memory().id().value()).doesNotHaveDuplicates();
        assertThat(stored).extracting(MemoryDocument::rev).isSorted().doesNotHaveDuplicates();
        assertThat(stored).allSatisfy(d -> assertThat(d.memory().namespace())
                .as("both processes share one personal namespace").isEqualTo(outcome.namespace().id()));
        assertThat(stored).filteredOn(d -> d.memory().session().equals(outcome.parent()))
                .as("memories this process wrote").hasSize(ROUNDS * PER_ROUND);
        assertThat(stored).filteredOn(d -> d.memory().session().equals(outcome.child()))
                .as("memories the child wrote").hasSize(ROUNDS * PER_ROUND);

        assertThat(stored.stream().map(TwoProcessRace::roundOf).toList()).as("every round commits before the next one starts").isSorted();
        List<Long> parentIds = stored.stream()
                .filter(d -> d.memory().session().equals(outcome.parent()))
                .map(d -> d.memory().id().value())
                .sorted()
                .toList();
        assertThat(stored).filteredOn(d -> d.memory().session().equals(outcome.child()))
                .as("the two processes' writes interleaved")
                .anySatisfy(d -> assertThat(d.memory().id().value())
                        .isBetween(parentIds.get(0), parentIds.get(parentIds.size() - 1)));
    }
}
