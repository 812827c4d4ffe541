package dev.colony.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.TaskId;
import dev.colony.api.message.Message;
import dev.colony.api.message.MessageDraft;
import dev.colony.api.message.Messages;
import dev.colony.api.session.Session;
import dev.colony.api.session.SessionStart;
import dev.colony.spi.storage.StorageProvider;
import dev.colony.store.h2.H2StorageProvider;
import dev.colony.store.sqlite.SqliteStorageProvider;
import dev.colony.store.tck.MutableClock;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two agents claim the same broadcast at the same moment, in threads, many rounds: exactly one claim
 * wins and the other caller gets {@code ALREADY_CLAIMED}, on an in-memory H2 store and a SQLite file.
 */
class MessageClaimRaceTest {

    private static final int ROUNDS = 150;

    @TempDir
    Path dir;

    @Test
    void exactlyOneClaimWinsOnH2() throws Exception {
        race(H2StorageProvider.inMemory());
    }

    @Test
    void exactlyOneClaimWinsOnSqliteFile() throws Exception {
        race(SqliteStorageProvider.open(dir.resolve("race.db")));
    }

    private void race(StorageProvider storage) throws Exception {
        MutableClock clock = new MutableClock(ColonyTestSupport.START);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try (Colony colony = Colony.builder().storage(storage).clock(clock).build()) {
            Session sender = colony.sessions().ensure(SessionStart.of("alice", "claude-code"));
            Session first = colony.sessions().ensure(SessionStart.of("alice", "codex"));
            Session second = colony.sessions().ensure(SessionStart.of("alice", "gemini"));
            TaskId task = MessageFixtures.thread(colony, sender, "/work/race", "main", first, second);
            Messages senderMessages = colony.as(sender.actor()).messages();
            List<Messages> claimants = List.of(colony.as(first.actor()).messages(),
                    colony.as(second.actor()).messages());
            int[] wins = new int[2];
            for (int round = 0; round < ROUNDS; round++) {
                Message broadcast = senderMessages.send(MessageDraft.to(task, "round " + round + ": who takes it?"));
                CyclicBarrier start = new CyclicBarrier(2);
                List<Future<ErrorCode>> outcomes = new ArrayList<>();
                for (Messages claimant : claimants) {
                    outcomes.add(pool.submit(() -> {
                        start.await(10, TimeUnit.SECONDS);
                        try {
                            claimant.claim(broadcast.id(), task);
                            return null;
                        } catch (ColonyException e) {
                            return e.code();
                        }
                    }));
                }
                ErrorCode a = outcomes.get(0).get(30, TimeUnit.SECONDS);
                ErrorCode b = outcomes.get(1).get(30, TimeUnit.SECONDS);
                assertThat(a == null ^ b == null).as("round %d: exactly one winner (%s, %s)", round, a, b).isTrue();
                assertThat(a == null ? b : a).as("round %d", round).isEqualTo(ErrorCode.ALREADY_CLAIMED);
                wins[a == null ? 0 : 1]++;
                Session winner = a == null ? first : second;
                var stored = colony.storage().read(tx -> tx.messages().find(broadcast.id())).orElseThrow();
                assertThat(stored.claimedBySession()).isEqualTo(winner.id());
                assertThat(stored.version()).isEqualTo(2);
            }
            assertThat(wins[0] + wins[1]).isEqualTo(ROUNDS);
        } finally {
            pool.shutdownNow();
        }
    }
}
