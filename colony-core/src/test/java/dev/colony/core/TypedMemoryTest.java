package dev.colony.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colony.api.CallerScope;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.memory.AddOutcome;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.SearchHit;
import dev.colony.api.memory.SearchQuery;
import dev.colony.api.memory.TaskChecklist;
import dev.colony.api.session.SessionStart;
import dev.colony.api.task.TaskStatus;
import dev.colony.store.tck.MutableClock;
import java.time.Duration;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The typed memories' rules: topics are single lowercase words, the macro topics are not repeated in them,
 * ref and artifact join them; a preference starts with the topic user; a structured task renders as a
 * checklist that parses back, becomes task_done when done, and stays under 500 tokens. Other kinds keep
 * their topics as given.
 */
class TypedMemoryTest {

    private final MutableClock clock = new MutableClock(ColonyTestSupport.START);
    private final Colony colony = ColonyTestSupport.inMemory(clock);
    private final CallerScope alice = colony.as(colony.sessions().ensure(SessionStart.of("alice", "codex")).actor());

    @AfterEach
    void close() {
        colony.close();
    }

    @Test
    void aBatchStoresEachMemoryOnItsOwnAndReportsEveryRefusalInPlace() {
        List<AddOutcome> outcomes = alice.memories().addAll(List.of(
                MemoryDraft.of(MemoryKind.FACT, "Invoices are numbered per tenant"),
                MemoryDraft.of(MemoryKind.FACT, "Bad topics").withTopics(List.of("two words")),
                MemoryDraft.of(MemoryKind.FACT, "Into a collection nobody made").withCollection("nowhere"),
                MemoryDraft.task(TaskChecklist.of("Renumber old invoices", List.of("export", "renumber"), null))),
                false);

        assertThat(outcomes).extracting(AddOutcome::stored).containsExactly(true, false, false, true);
        assertThat(outcomes.get(1).refusal().field()).isEqualTo("topics[0]");
        assertThat(outcomes.get(2).refusal().code()).isEqualTo(ErrorCode.NOT_FOUND);
        assertThat(outcomes.get(3).memory().task()).as("a task opens its task").isNotNull();
        assertThat(alice.memories().get(List.of(outcomes.get(0).memory().id(), outcomes.get(3).memory().id())))
                .hasSize(2);
        assertRefused(() -> alice.memories().addAll(List.of(), false), "memories");
    }

    @Test
    void topicsAreLowercaseWordsWithoutTheMacroTopicsAndWithTheRefAndArtifact() {
        Memory memory = alice.memories().add(MemoryDraft.of(MemoryKind.DECISION,
                "Billing webhooks retry five times because the provider drops bursts")
                .withTopics(List.of("Webhooks", "billing", "retries")).withMacroTopics(List.of("billing"))
                .withPointers("a1b2c3d4", "src/Webhooks.java"));

        assertThat(memory.topics()).containsExactly("webhooks", "retries", "a1b2c3d4", "src/webhooks.java");
        assertThat(memory.macroTopics()).containsExactly("billing");
        assertThat(alice.memories().search(SearchQuery.of("a1b2c3d4"))).extracting(SearchHit::id)
                .containsExactly(memory.id());

        assertRefused(() -> alice.memories().add(MemoryDraft.of(MemoryKind.FACT, "Two words are two topics")
                .withTopics(List.of("redis", "session cache"))), "topics[1]");
        assertRefused(() -> alice.memories().add(MemoryDraft.of(MemoryKind.FACT, "No hyphens in a topic")
                .withTopics(List.of("rate-limit"))), "topics[0]");
        Memory note = alice.memories().add(MemoryDraft.of(MemoryKind.NOTE, "Coordination keeps its own topics")
                .withTopics(List.of("file-claims")));
        assertThat(note.topics()).as("not a typed memory").containsExactly("file-claims");
    }

    @Test
    void anExpiredMemoryLeavesSearchButCanStillBeReadById() {
        Memory goal = alice.memories().add(MemoryDraft.of(MemoryKind.FACT, "Sprint goal: ship the receipts page")
                .withExpiresAt(ColonyTestSupport.START.plus(Duration.ofHours(1))));
        Memory lasting = alice.memories().add(MemoryDraft.of(MemoryKind.FACT, "Receipts are rendered as PDF"));

        assertThat(alice.memories().search(SearchQuery.of("receipts"))).extracting(SearchHit::id)
                .containsExactlyInAnyOrder(goal.id(), lasting.id());
        clock.advance(Duration.ofHours(1));

        assertThat(alice.memories().search(SearchQuery.of("receipts"))).as("expired at its expiry")
                .extracting(SearchHit::id).containsExactly(lasting.id());
        assertThat(alice.memories().get(List.of(goal.id()))).extracting(Memory::id).containsExactly(goal.id());
    }

    @Test
    void aPreferenceStartsWithTheTopicUser() {
        assertRefused(() -> alice.memories().add(MemoryDraft.of(MemoryKind.PREFERENCE,
                "User prefers Python for backend work because of type hints").withTopics(List.of("python"))),
                "topics");
        Memory preference = alice.memories().add(MemoryDraft.of(MemoryKind.PREFERENCE,
                "User prefers Python for backend work because of type hints")
                .withTopics(List.of("user", "behavioral", "python")));
        assertThat(preference.topics()).startsWith("user");
    }

    @Test
    void aStructuredTaskIsAChecklistThatParsesBackAndIsDoneAsTaskDone() {
        TaskChecklist plan = TaskChecklist.of("Move billing webhooks to the queue",
                List.of("Add the queue consumer", "Switch the webhook endpoint"), TaskStatus.ACTIVE);
        Memory task = alice.memories().add(MemoryDraft.task(plan).withTopics(List.of("webhooks")));
        Memory done = alice.memories().add(MemoryDraft.task(TaskChecklist.of("Rotate the signing keys",
                List.of("Publish the new key"), TaskStatus.DONE)));
        Memory pending = alice.memories().add(MemoryDraft.task(TaskChecklist.of("Write the runbook",
                List.of("Draft it"), null)));

        assertThat(task.kind()).isEqualTo(MemoryKind.TASK);
        assertThat(task.content()).isEqualTo("Move billing webhooks to the queue\nstatus: active\n"
                + "- [ ] Add the queue consumer\n- [ ] Switch the webhook endpoint");
        assertThat(TaskChecklist.parse(task.content())).contains(plan);
        assertThat(done.kind()).isEqualTo(MemoryKind.TASK_DONE);
        assertThat(pending.content()).as("pending is left out").isEqualTo("Write the runbook\n- [ ] Draft it");
        assertThat(TaskChecklist.parse("Just a task written as text")).isEmpty();
        assertThat(TaskChecklist.parse("Title\n- [x] checked\n- [ ] open")).hasValueSatisfying(parsed ->
                assertThat(parsed.done()).isEqualTo(1));
    }

    @Test
    void aTaskIsRefusedWhenTooLongOrMalformedNamingTheField() {
        String long1 = String.join(" ", Collections.nCopies(45, "word"));
        assertRefused(() -> TaskChecklist.of("Too much", Collections.nCopies(11, "step"), null), "steps");
        assertRefused(() -> TaskChecklist.of("Nothing to do", List.of(), null), "steps");
        assertRefused(() -> TaskChecklist.of(" ", List.of("step"), null), "title");
        assertRefused(() -> TaskChecklist.of("Two\nlines", List.of("step"), null), "title");
        assertRefused(() -> TaskChecklist.of("A title", Arrays.asList("step", null), null), "steps[1]");
        assertRefused(() -> TaskStatus.fromWire("started"), "status");
        assertRefused(() -> alice.memories().add(MemoryDraft.task(TaskChecklist.of("A long task",
                Collections.nCopies(10, long1), null))), "content");
        assertRefused(() -> alice.memories().add(MemoryDraft.of(MemoryKind.TASK, "x".repeat(2_100))), "content");
    }

    private static void assertRefused(ThrowingCallable call, String field) {
        assertThatThrownBy(call).isInstanceOfSatisfying(ColonyException.class, e -> {
            assertThat(e.code()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
            assertThat(e.field()).isEqualTo(field);
        });
    }
}
