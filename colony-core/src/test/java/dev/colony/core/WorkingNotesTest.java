package dev.colony.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colony.api.CallerScope;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.memory.Memory;
import dev.colony.api.session.Session;
import dev.colony.api.session.SessionStart;
import dev.colony.api.task.SavedWorkingNote;
import dev.colony.api.task.TaskLimits;
import dev.colony.api.task.TaskListQuery;
import dev.colony.api.task.TaskThread;
import dev.colony.api.task.WorkingNote;
import dev.colony.api.task.WorkingNoteDraft;
import dev.colony.api.task.WorkingPointer;
import dev.colony.store.tck.MutableClock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@code noteWorking}: resolving the session's one active thread, pointers, superseding. */
class WorkingNotesTest {

    private static final String NOTE = "branch=main; task=finish the API slice; blocker=none; next=run the tests; "
            + "evidence=colony-core/src/test";

    private final MutableClock clock = new MutableClock(ColonyTestSupport.START);
    private final Colony colony = ColonyTestSupport.inMemory(clock);
    private final Session session = colony.sessions().ensure(SessionStart.of("alice", "claude-code"));
    private final CallerScope alice = colony.as(session.actor());

    @AfterEach
    void close() {
        colony.close();
    }

    @Test
    void aNoteLandsOnTheSessionsOnlyThreadWithPointerFieldsFromTheContent() {
        TaskThread thread = alice.tasks().open("/work/app", "main").thread();

        WorkingNote note = alice.tasks().noteWorking(WorkingNoteDraft.of(NOTE));

        assertThat(note.task()).isEqualTo(thread.id());
        assertThat(note.superseded()).isNull();
        assertThat(note.warnings()).isEmpty();
        assertThat(note.pointer()).isEqualTo(new WorkingPointer("main", "finish the API slice", "none",
                "run the tests", "colony-core/src/test"));
        Memory stored = alice.memories().get(List.of(note.id())).get(0);
        assertThat(stored.kind().name()).isEqualTo("note");
        assertThat(stored.task()).isEqualTo(thread.id());
        assertThat(stored.content()).isEqualTo(NOTE);
        assertThat(stored.metadata()).containsEntry("working_note", true)
                .containsEntry("pointer", Map.of("branch", "main", "task", "finish the API slice", "blocker", "none",
                        "next", "run the tests", "evidence", "colony-core/src/test"));
        assertThat(alice.tasks().timeline(thread.id(), 10)).extracting(entry -> entry.id()).containsExactly(note.id());
    }

    @Test
    void aSecondNoteSupersedesTheSessionsPreviousLiveNoteOnThatThread() {
        TaskThread thread = alice.tasks().open("/work/app", "main").thread();
        WorkingNote first = alice.tasks().noteWorking(WorkingNoteDraft.of(NOTE));
        clock.advance(Duration.ofMinutes(3));

        WorkingNote second = alice.tasks().noteWorking(WorkingNoteDraft.of("next=push; evidence=PR 12"));
        clock.advance(Duration.ofMinutes(1));
        WorkingNote third = alice.tasks().noteWorking(WorkingNoteDraft.of("next=merge; evidence=PR 12"));

        assertThat(second.superseded()).isEqualTo(first.id());
        assertThat(third.superseded()).isEqualTo(second.id());
        List<Memory> notes = alice.memories().get(List.of(first.id(), second.id(), third.id()));
        assertThat(notes.get(0).metadata()).containsEntry("superseded_by", second.id().value());
        assertThat(notes.get(0).expiresAt()).isEqualTo(ColonyTestSupport.START.plus(Duration.ofMinutes(3)));
        assertThat(notes.get(1).metadata()).containsEntry("supersedes", first.id().value())
                .containsEntry("superseded_by", third.id().value());
        assertThat(notes.get(2).metadata()).doesNotContainKey("superseded_by");
        assertThat(notes.get(2).expiresAt()).isNull();
        assertThat(alice.tasks().timeline(thread.id(), 10)).hasSize(3);
    }

    @Test
    void anotherSessionsNoteDoesNotSupersedeMine() {
        TaskThread thread = alice.tasks().open("/work/app", "main").thread();
        Session other = colony.sessions().ensure(SessionStart.of("alice", "codex"));
        CallerScope codex = colony.as(other.actor());
        codex.tasks().join(thread.id());
        WorkingNote mine = alice.tasks().noteWorking(WorkingNoteDraft.of(NOTE));

        WorkingNote theirs = codex.tasks().noteWorking(WorkingNoteDraft.of(NOTE));

        assertThat(theirs.superseded()).isNull();
        assertThat(alice.memories().get(List.of(mine.id())).get(0).metadata()).doesNotContainKey("superseded_by");
        clock.advance(Duration.ofMinutes(2));
        WorkingNote newer = alice.tasks().noteWorking(WorkingNoteDraft.of("next=push; evidence=PR 12"));
        Optional<SavedWorkingNote> read = alice.tasks().workingNote(thread.id());
        assertThat(read).hasValueSatisfying(saved -> {
            assertThat(saved.id()).as("each session reads back its own live note").isEqualTo(newer.id());
            assertThat(saved.session()).isEqualTo(session.id());
            assertThat(saved.savedAt()).isEqualTo(clock.instant());
            assertThat(saved.pointer().next()).isEqualTo("push");
            assertThat(saved.pointer().evidence()).isEqualTo("PR 12");
            assertThat(saved.pointer().branch()).isNull();
        });
        assertThat(codex.tasks().workingNote(thread.id()).orElseThrow().id()).isEqualTo(theirs.id());
        CallerScope bob = colony.as(colony.sessions().ensure(SessionStart.of("bob", "codex")).actor());
        assertThat(bob.tasks().open("/work/other", "main").created()).isTrue();
        assertThat(bob.tasks().workingNote(bob.tasks().list(new TaskListQuery("/work/other", null, 5)).get(0).id()))
                .isEmpty();
        ColonyTestSupport.assertRefused(() -> bob.tasks().workingNote(thread.id()), ErrorCode.NOT_FOUND, "task_id");
    }

    @Test
    void withoutAnActiveThreadTheNoteIsRefused() {
        assertRefused(() -> alice.tasks().noteWorking(WorkingNoteDraft.of(NOTE)), ErrorCode.ACTIVE_TASK_NOT_FOUND);
        alice.tasks().open("/work/app", "main");
        assertRefused(() -> alice.tasks().noteWorking(new WorkingNoteDraft("/work/other", null, NOTE, null)),
                ErrorCode.ACTIVE_TASK_NOT_FOUND);
    }

    @Test
    void severalActiveThreadsAreAmbiguousWithCompactCandidatesUntilFiltered() {
        TaskThread main = alice.tasks().open("/work/app", "main").thread();
        clock.advance(Duration.ofSeconds(1));
        TaskThread dev = alice.tasks().open("/work/app", "dev").thread();

        assertThatThrownBy(() -> alice.tasks().noteWorking(WorkingNoteDraft.of(NOTE)))
                .isInstanceOfSatisfying(ColonyException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.AMBIGUOUS_ACTIVE_TASK);
                    assertThat(e.details()).containsOnlyKeys("candidates");
                    assertThat(e.details().get("candidates")).isEqualTo(List.of(
                            candidate(dev, "dev"), candidate(main, "main")));
                });

        WorkingNote note = alice.tasks().noteWorking(new WorkingNoteDraft("/work/./app", "dev", NOTE, null));
        assertThat(note.task()).isEqualTo(dev.id());
    }

    private Map<String, Object> candidate(TaskThread thread, String branch) {
        return Map.of("task_id", thread.id().value(), "repo_root", "/work/app", "branch", branch, "status",
                "pending", "updated_at", thread.updatedAt().toEpochMilli(), "agent", "claude-code");
    }

    @Test
    void nextAndEvidenceAreRequiredAndExplicitPointerFieldsWin() {
        alice.tasks().open("/work/app", "main");

        assertRefused(() -> alice.tasks().noteWorking(WorkingNoteDraft.of("just some prose")),
                ErrorCode.INVALID_ARGUMENT, "pointer.next");
        assertRefused(() -> alice.tasks().noteWorking(WorkingNoteDraft.of("next=ship")), ErrorCode.INVALID_ARGUMENT,
                "pointer.evidence");

        WorkingNote note = alice.tasks().noteWorking(new WorkingNoteDraft(null, null, "next=ship; evidence=old",
                new WorkingPointer(null, "release", null, null, "make release")));
        assertThat(note.pointer()).isEqualTo(new WorkingPointer(null, "release", null, "ship", "make release"));
    }

    @Test
    void longEvidenceIsCompactedWithAWarning() {
        alice.tasks().open("/work/app", "main");
        String log = "FAILED test\n".repeat(40);

        WorkingNote note = alice.tasks().noteWorking(new WorkingNoteDraft(null, null, "tests fail",
                new WorkingPointer(null, null, null, "fix the test", log)));

        assertThat(note.pointer().evidence()).hasSize(TaskLimits.MAX_POINTER_CHARS).endsWith("…")
                .startsWith("FAILED test FAILED test").doesNotContain("\n");
        assertThat(note.warnings()).singleElement().asString().startsWith("pointer.evidence was 479 characters");
        Memory stored = alice.memories().get(List.of(note.id())).get(0);
        assertThat(stored.content()).isEqualTo("tests fail");
    }

    private static void assertRefused(Runnable call, ErrorCode code) {
        assertThatThrownBy(call::run).isInstanceOfSatisfying(ColonyException.class,
                e -> assertThat(e.code()).as(e.getMessage()).isEqualTo(code));
    }

    private static void assertRefused(Runnable call, ErrorCode code, String field) {
        assertThatThrownBy(call::run).isInstanceOfSatisfying(ColonyException.class, e -> {
            assertThat(e.code()).as(e.getMessage()).isEqualTo(code);
            assertThat(e.field()).as(e.getMessage()).isEqualTo(field);
        });
    }
}
