package dev.colony.store.tck;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.TaskId;
import dev.colony.api.plan.PlanStatus;
import dev.colony.api.plan.SubtaskStatus;
import dev.colony.spi.storage.PlanRecords.Binding;
import dev.colony.spi.storage.PlanRecords.NewPlan;
import dev.colony.spi.storage.PlanRecords.NewSubtask;
import dev.colony.spi.storage.PlanRecords.StoredPlan;
import dev.colony.spi.storage.PlanRecords.StoredSubtask;
import dev.colony.spi.storage.StorageProvider;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * {@link dev.colony.spi.storage.PlanRecords}: a plan and its sub-tasks round-trip, a slug is unique per
 * namespace and repository, listings are newest first and leave archived plans out unless asked, every
 * change is a compare-and-set on the version, and the open plans binding a spec row are found by it.
 */
public interface PlanContract extends StoreUnderTest {

    @Test
    default void aPlanRoundTripsWithItsSubtasksAndItsSlugIsUniquePerRepository() {
        StorageProvider store = store();
        Fixtures.Writer writer = Fixtures.writer(store);
        StoredPlan plan = publish(store, writer, "/repo", "add-widgets", Fixtures.T0).orElseThrow();

        Optional<StoredPlan> again = publish(store, writer, "/repo", "add-widgets", Fixtures.T0);
        Optional<StoredPlan> elsewhere = publish(store, writer, "/other", "add-widgets", Fixtures.T0);

        assertThat(again).isEmpty();
        assertThat(elsewhere).isPresent();
        assertThat(plan.status()).isEqualTo(PlanStatus.OPEN);
        assertThat(plan.acceptance()).containsExactly("widgets render");
        assertThat(plan.version()).isEqualTo(1);
        assertThat(plan.archiveGrace()).isEqualTo(Duration.ofSeconds(60));
        List<StoredSubtask> subtasks = store.read(tx -> tx.plans().subtasks(List.of(plan.id()))).get(plan.id());
        assertThat(subtasks).extracting(StoredSubtask::index).containsExactly(0, 1);
        StoredSubtask ui = subtasks.get(1);
        assertThat(ui.dependsOn()).containsExactly(0);
        assertThat(ui.fileScope()).containsExactly("web/widgets.tsx");
        assertThat(ui.wave()).isEqualTo(1);
        assertThat(ui.capabilityHint()).isEqualTo("ui_work");
        assertThat(ui.status()).isEqualTo(SubtaskStatus.AVAILABLE);
        assertThat(subtasks.get(0).dependsOn()).isEmpty();
        List<StoredPlan> bySlug = store.read(tx -> tx.plans().findBySlug(List.of(writer.namespace().id()), null,
                "add-widgets"));
        assertThat(bySlug).hasSize(2);
        List<StoredPlan> inRepo = store.read(tx -> tx.plans().findBySlug(List.of(writer.namespace().id()), "/repo",
                "add-widgets"));
        assertThat(inRepo).extracting(StoredPlan::id).containsExactly(plan.id());
    }

    @Test
    default void subtaskChangesCompareAndSetTheVersion() {
        StorageProvider store = store();
        Fixtures.Writer writer = Fixtures.writer(store);
        StoredPlan plan = publish(store, writer, "/repo", "cas-plan", Fixtures.T0).orElseThrow();
        StoredSubtask api = store.read(tx -> tx.plans().subtasks(List.of(plan.id()))).get(plan.id()).get(0);
        Instant at = Fixtures.T0.plusSeconds(5);

        Optional<StoredSubtask> claimed = store.write(tx -> tx.plans().update(api.claimed(writer.session().id(),
                "codex", at)));
        Optional<StoredSubtask> stale = store.write(tx -> tx.plans().update(api.claimed(writer.session().id(),
                "claude", at)));

        assertThat(claimed).hasValueSatisfying(row -> {
            assertThat(row.status()).isEqualTo(SubtaskStatus.CLAIMED);
            assertThat(row.claimedBy()).isEqualTo(writer.session().id());
            assertThat(row.claimedAgent()).isEqualTo("codex");
            assertThat(row.claimedAt()).isEqualTo(at);
            assertThat(row.version()).isEqualTo(2);
        });
        assertThat(stale).isEmpty();
        List<StoredSubtask> mine = store.read(tx -> tx.plans().claimedBy(writer.session().id()));
        assertThat(mine).extracting(StoredSubtask::index).containsExactly(0);
        Optional<StoredSubtask> completed = store.write(tx -> tx.plans().update(claimed.get().completed("done",
                at.plusSeconds(1))));
        assertThat(completed).hasValueSatisfying(row -> {
            assertThat(row.status()).isEqualTo(SubtaskStatus.COMPLETED);
            assertThat(row.summary()).isEqualTo("done");
            assertThat(row.claimedBy()).as("kept on record").isEqualTo(writer.session().id());
        });
        List<StoredSubtask> none = store.read(tx -> tx.plans().claimedBy(writer.session().id()));
        assertThat(none).isEmpty();
        StoredSubtask ui = store.read(tx -> tx.plans().subtasks(List.of(plan.id()))).get(plan.id()).get(1);
        Optional<StoredSubtask> blocked = store.write(tx -> tx.plans().update(ui.blocked("no api", at)));
        assertThat(blocked).hasValueSatisfying(row -> assertThat(row.blockedReason()).isEqualTo("no api"));
        Map<Integer, SubtaskStatus> statuses = store.read(tx -> tx.plans().statuses(plan.id()));
        assertThat(statuses).containsExactly(Map.entry(0, SubtaskStatus.COMPLETED), Map.entry(1,
                SubtaskStatus.BLOCKED));
        Optional<StoredSubtask> one = store.read(tx -> tx.plans().subtask(plan.id(), 1));
        Optional<StoredSubtask> beyond = store.read(tx -> tx.plans().subtask(plan.id(), 2));
        assertThat(one).isEqualTo(blocked);
        assertThat(beyond).isEmpty();
    }

    @Test
    default void plansListNewestFirstAndArchivedOnesOnlyWhenAsked() {
        StorageProvider store = store();
        Fixtures.Writer writer = Fixtures.writer(store);
        StoredPlan older = publish(store, writer, "/repo", "older", Fixtures.T0).orElseThrow();
        StoredPlan newer = publish(store, writer, "/repo", "newer", Fixtures.T0.plusSeconds(1)).orElseThrow();
        StoredPlan other = publish(store, writer, "/other", "other", Fixtures.T0.plusSeconds(2)).orElseThrow();
        Instant at = Fixtures.T0.plusSeconds(9);

        Optional<StoredPlan> archived = store.write(tx -> tx.plans().update(older.archiving(PlanStatus.ARCHIVED, at,
                at, at)));
        Optional<StoredPlan> stale = store.write(tx -> tx.plans().update(older.archiving(PlanStatus.ARCHIVED, at,
                at, at)));

        assertThat(archived).hasValueSatisfying(plan -> {
            assertThat(plan.status()).isEqualTo(PlanStatus.ARCHIVED);
            assertThat(plan.archivedAt()).isEqualTo(at);
            assertThat(plan.version()).isEqualTo(2);
        });
        assertThat(stale).isEmpty();
        List<StoredPlan> open = store.read(tx -> tx.plans().list(List.of(writer.namespace().id()), null, false, 10));
        List<StoredPlan> all = store.read(tx -> tx.plans().list(List.of(writer.namespace().id()), "/repo", true, 10));
        List<StoredPlan> one = store.read(tx -> tx.plans().list(List.of(writer.namespace().id()), null, false, 1));
        assertThat(open).extracting(StoredPlan::slug).containsExactly(other.slug(), newer.slug());
        assertThat(all).extracting(StoredPlan::slug).containsExactly(newer.slug(), older.slug());
        assertThat(one).extracting(StoredPlan::slug).containsExactly(other.slug());
        Map<Long, List<StoredSubtask>> none = store.read(tx -> tx.plans().subtasks(List.of()));
        assertThat(none).isEmpty();
    }

    @Test
    default void subtasksAreFoundByTheSpecRowTheyCarryOutWhileTheirPlanIsOpen() {
        StorageProvider store = store();
        Fixtures.Writer writer = Fixtures.writer(store);
        Fixtures.Writer stranger = Fixtures.writer(store);
        String row = Fixtures.unique("T");
        StoredPlan plan = publish(store, writer, "/repo", "bind-rows", Fixtures.T0, row).orElseThrow();
        publish(store, writer, "/other", "bind-rows", Fixtures.T0, row).orElseThrow();

        List<Binding> bound = store.read(tx -> tx.plans().boundTo(List.of(writer.namespace().id()), "/repo", row));
        assertThat(bound).singleElement().satisfies(binding -> {
            assertThat(binding.plan().id()).isEqualTo(plan.id());
            assertThat(binding.subtask().index()).isZero();
            assertThat(binding.subtask().specRowId()).isEqualTo(row);
        });
        assertThat(store.read(tx -> tx.plans().subtasks(List.of(plan.id()))).get(plan.id()))
                .extracting(StoredSubtask::specRowId).containsExactly(row, null);
        List<Binding> hidden = store.read(tx -> tx.plans().boundTo(List.of(stranger.namespace().id()), "/repo", row));
        assertThat(hidden).as("another namespace's plan").isEmpty();
        List<Binding> other = store.read(tx -> tx.plans().boundTo(List.of(writer.namespace().id()), "/repo",
                row + "x"));
        assertThat(other).isEmpty();
        store.write(tx -> tx.plans().update(plan.archiving(PlanStatus.ARCHIVED, null, Fixtures.T0, Fixtures.T0)))
                .orElseThrow();
        List<Binding> archived = store.read(tx -> tx.plans().boundTo(List.of(writer.namespace().id()), "/repo", row));
        assertThat(archived).as("an archived plan binds nothing").isEmpty();
    }

    /** Publishes a two-step plan (an API, then a page that depends on it) of {@code writer}. */
    private static Optional<StoredPlan> publish(StorageProvider store, Fixtures.Writer writer, String repo, String slug,
            Instant at) {
        return publish(store, writer, repo, slug, at, null);
    }

    /** Publishes a two-step plan whose first sub-task carries out {@code specRow} (or none). */
    private static Optional<StoredPlan> publish(StorageProvider store, Fixtures.Writer writer, String repo, String slug,
            Instant at, String specRow) {
        String branch = Fixtures.unique("spec/" + slug);
        return store.write(tx -> {
            TaskId spec = tx.tasks().insert(writer.namespace().id(), slug, repo, branch, writer.session().id(), at)
                    .id();
            TaskId api = tx.tasks().insert(writer.namespace().id(), "api", repo, branch + "/sub-0", writer.session()
                    .id(), at).id();
            TaskId ui = tx.tasks().insert(writer.namespace().id(), "ui", repo, branch + "/sub-1", writer.session()
                    .id(), at).id();
            return tx.plans().insert(new NewPlan(writer.namespace().id(), repo, slug, "Add widgets", null,
                    List.of("widgets render"), false, Duration.ofSeconds(60), spec, writer.session().id(), at), List.of(
                    new NewSubtask(0, "API", "GET /widgets", List.of("api/widgets.ts"), List.of(), "api_work", 0,
                            false, api, specRow),
                    new NewSubtask(1, "UI", null, List.of("web/widgets.tsx"), List.of(0), "ui_work", 1, false, ui,
                            null)));
        });
    }
}
