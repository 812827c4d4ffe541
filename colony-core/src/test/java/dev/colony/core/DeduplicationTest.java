package dev.colony.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.CallerScope;
import dev.colony.api.NamespaceKind;
import dev.colony.api.memory.AddOutcome;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.TaskChecklist;
import dev.colony.api.session.SessionStart;
import dev.colony.embedding.onnx.OnnxEmbedder;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.store.sqlite.SqliteStorageProvider;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Deduplication end to end with the real model, a SQLite file and its Lucene index: a paraphrase of a
 * stored memory is not stored and names that memory; a different figure, another type, another namespace
 * or a structured task is stored; a batch catches a duplicate of an entry stored earlier in it.
 */
class DeduplicationTest {

    private static final String RETRIES = "Billing webhooks are retried five times because the provider drops "
            + "bursts of events.";

    @TempDir
    Path dir;

    private Colony colony;
    private CallerScope alice;

    @BeforeEach
    void open() {
        colony = Colony.builder().storage(SqliteStorageProvider.open(dir.resolve("c.db")))
                .search(LuceneSearch.besideStore())
                .embedder(OnnxEmbedder.of(OnnxEmbedder.DEFAULT_MODEL, dir.resolve("natives"))).build();
        alice = colony.as(colony.sessions().ensure(SessionStart.of("alice", "codex")).actor());
    }

    @AfterEach
    void close() {
        colony.close();
    }

    @Test
    void aParaphraseIsNotStoredAndADifferentFactIs() {
        Memory stored = alice.memories().addUnlessDuplicate(MemoryDraft.of(MemoryKind.FACT, RETRIES)).memory();

        AddOutcome again = alice.memories().addUnlessDuplicate(MemoryDraft.of(MemoryKind.FACT,
                "The billing service retries each webhook up to five times since the payment provider drops event "
                        + "bursts."));
        AddOutcome otherFigure = alice.memories().addUnlessDuplicate(MemoryDraft.of(MemoryKind.FACT,
                "Billing webhooks are retried three times because the provider drops bursts of events."));
        AddOutcome otherType = alice.memories().addUnlessDuplicate(MemoryDraft.of(MemoryKind.DECISION, RETRIES));
        alice.collections().create("ops", NamespaceKind.COLLABORATIVE);
        AddOutcome otherNamespace = alice.memories().addUnlessDuplicate(MemoryDraft.of(MemoryKind.FACT, RETRIES)
                .withCollection("ops"));
        TaskChecklist task = TaskChecklist.of("Retry billing webhooks", List.of("add retries"), null);
        alice.memories().add(MemoryDraft.task(task));
        AddOutcome sameTask = alice.memories().addUnlessDuplicate(MemoryDraft.task(task));

        assertThat(again.stored()).isFalse();
        assertThat(again.duplicate().existing().id()).isEqualTo(stored.id());
        assertThat(again.duplicate().score()).isBetween(0.80, 1.0);
        assertThat(otherFigure.stored()).as("three retries are not five").isTrue();
        assertThat(otherType.stored()).as("a decision is not a fact").isTrue();
        assertThat(otherNamespace.stored()).as("another namespace").isTrue();
        assertThat(sameTask.stored()).as("structured tasks skip deduplication").isTrue();
        assertThat(alice.memories().add(MemoryDraft.of(MemoryKind.FACT, RETRIES)).id()).as("add always stores")
                .isNotEqualTo(stored.id());
    }

    @Test
    void aBatchCatchesADuplicateOfAnEarlierEntry() {
        List<AddOutcome> outcomes = alice.memories().addAll(List.of(
                MemoryDraft.of(MemoryKind.PATH, "The Helm chart for the API is in deploy/charts/api."),
                MemoryDraft.of(MemoryKind.PATH, "deploy/charts/api contains the API's Helm chart."),
                MemoryDraft.of(MemoryKind.PATH, "The Helm chart for the worker is in deploy/charts/worker.")), true);

        assertThat(outcomes).extracting(AddOutcome::stored).containsExactly(true, false, true);
        assertThat(outcomes.get(1).duplicate().existing().id()).isEqualTo(outcomes.get(0).memory().id());
        assertThat(alice.memories().addAll(List.of(MemoryDraft.of(MemoryKind.PATH,
                "deploy/charts/api contains the API's Helm chart.")), false).get(0).stored()).isTrue();
    }
}
