package dev.colony.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colony.api.Actor;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.memory.AddOutcome;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.MemoryLimits;
import dev.colony.api.memory.MemoryStore;
import dev.colony.api.memory.TaskChecklist;
import dev.colony.api.session.SessionStart;
import dev.colony.store.tck.MutableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The rules of a memory an agent describes by its parts (free content, or a structured task), and of an ephemeral
 * memory, hold in the library: every adapter that writes through {@code Colony.as(actor).memories()} gets them, not
 * only {@code memory_add}.
 */
class MemoryDraftRulesTest {

    private final MutableClock clock = new MutableClock(ColonyTestSupport.START);
    private final Colony colony = ColonyTestSupport.inMemory(clock);
    private final Actor alice = colony.sessions().ensure(SessionStart.of("alice", "claude-code")).actor();
    private final MemoryStore memories = colony.as(alice).memories();

    @AfterEach
    void close() {
        colony.close();
    }

    @Test
    void contentOrATaskAndATaskNeedsATitleAndATaskType() {
        refused(() -> memories.add(MemoryDraft.described("fact", null, null, List.of(), null)), "content",
                "is required, unless title and steps describe a task");
        refused(() -> memories.add(MemoryDraft.described("fact", "Rotate the keys", "Rotate the keys",
                List.of("Publish the new key"), null)), "content",
                "give either content, or title and steps for a task, not both");
        refused(() -> memories.add(MemoryDraft.described("decision", null, "Rotate the keys",
                List.of("Publish the new key"), null)), "type", "title and steps make a task, was 'decision'");
        refused(() -> memories.add(MemoryDraft.described("task", null, null, List.of("Publish the new key"),
                null)), "title", "is required with steps or status");
        refused(() -> memories.add(MemoryDraft.described("task", null, null, null, "active")), "title",
                "is required with steps or status");
        refused(() -> memories.add(MemoryDraft.described("note", "Deploys freeze on Fridays", null, null, null)),
                "type", "must be one of fact, preference, decision, path, task, task_done, result; was 'note'");

        Memory fact = memories.add(MemoryDraft.described(null, "Deploys freeze on Fridays", null, null, null));
        Memory done = memories.add(MemoryDraft.described("fact", null, "Rotate the keys",
                List.of("Publish the new key"), "done"));

        assertThat(fact.kind()).isEqualTo(MemoryKind.FACT);
        assertThat(done.kind()).as("a task's status decides its type").isEqualTo(MemoryKind.TASK_DONE);
        assertThat(TaskChecklist.parse(done.content())).map(TaskChecklist::title).contains("Rotate the keys");
    }

    @Test
    void anEphemeralMemoryExpiresNinetyDaysAfterTheColonyStoresIt() {
        Duration ninetyDays = Duration.ofDays(MemoryLimits.EPHEMERAL_DAYS);
        MemoryDraft draft = MemoryDraft.of(MemoryKind.FACT, "The staging database is reset nightly").asEphemeral();
        clock.advance(Duration.ofHours(5));
        Instant storedAt = clock.instant();

        Memory first = memories.add(draft);
        clock.advance(Duration.ofDays(3));
        List<AddOutcome> batch = memories.addAll(List.of(MemoryDraft.of(MemoryKind.FACT,
                "The nightly export lands in the reports bucket").asEphemeral()), false);

        assertThat(first.expiresAt()).as("counted from when it was stored, not when it was drafted")
                .isEqualTo(storedAt.plus(ninetyDays));
        assertThat(batch.get(0).memory().expiresAt()).isEqualTo(storedAt.plus(Duration.ofDays(3)).plus(ninetyDays));
        assertThat(memories.get(List.of(first.id())).get(0).expiresAt()).isEqualTo(storedAt.plus(ninetyDays));
        refused(() -> memories.add(draft.withExpiresAt(storedAt.plus(Duration.ofDays(400)))), "expires_at",
                "give ephemeral or expires_at, not both");
    }

    @Test
    void aMemoryReadBackCarriesTheVersionAnEditNames() {
        Memory added = memories.add(MemoryDraft.of(MemoryKind.FACT, "The build cache lives in the gradle folder")
                .withMetadata(Map.of("source", "test")));

        Memory read = memories.get(List.of(added.id())).get(0);

        assertThat(added.version()).isEqualTo(memories.versions(List.of(added.id())).get(added.id()));
        assertThat(read.version()).isEqualTo(added.version());
    }

    private static void refused(ThrowingCallable call, String field, String message) {
        assertThatThrownBy(call).isInstanceOfSatisfying(ColonyException.class, e -> {
            assertThat(e.code()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
            assertThat(e.field()).isEqualTo(field);
            assertThat(e.getMessage()).contains(message);
        });
    }
}
