package dev.colony.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colony.api.memory.MemoryKind;
import dev.colony.api.task.TaskStatus;
import org.junit.jupiter.api.Test;

class IdsTest {

    @Test
    void textIdsAreStrippedAndValidatedNamingTheField() {
        assertThat(SessionId.of("  codex-1 ").value()).isEqualTo("codex-1");
        assertInvalid("session_id", () -> SessionId.of(" "));
        assertInvalid("session_id", () -> SessionId.of("x".repeat(SessionId.MAX_LENGTH + 1)));
        assertInvalid("session_id", () -> SessionId.of("a\nb"));
        assertInvalid("user", () -> UserId.of(null));
    }

    @Test
    void numericIdsArePositive() {
        assertThat(MemoryId.of(1).value()).isEqualTo(1);
        assertInvalid("id", () -> MemoryId.of(0));
        assertInvalid("task_id", () -> TaskId.of(-1));
    }

    @Test
    void randomSessionIdsNameTheAgent() {
        assertThat(SessionId.random("Claude Code").value()).startsWith("claude-code-");
        assertThat(SessionId.random(null).value()).startsWith("session-");
        assertThat(SessionId.random("codex")).isNotEqualTo(SessionId.random("codex"));
        assertThat(SessionId.random("codex").value()).as("a random (version 4) UUID after the prefix, not a guessable one")
                .matches("codex-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}");
    }

    @Test
    void kindsAreAnOpenSetButTypedKindsAreClosed() {
        assertThat(MemoryKind.of("failed_approach").name()).isEqualTo("failed_approach");
        assertThat(MemoryKind.typed("type", "decision")).isEqualTo(MemoryKind.DECISION);
        assertInvalid("kind", () -> MemoryKind.of("Decision"));
        assertInvalid("type", () -> MemoryKind.typed("type", "note"));
        assertThat(MemoryKind.RESULT.demotedInSearch()).isTrue();
        assertThat(MemoryKind.FACT.demotedInSearch()).isFalse();
    }

    @Test
    void taskStatusesUseLowercaseWireNames() {
        assertThat(TaskStatus.fromWire("review")).isEqualTo(TaskStatus.REVIEW);
        assertThat(TaskStatus.DONE.wireName()).isEqualTo("done");
        assertInvalid("status", () -> TaskStatus.fromWire("finished"));
    }

    private static void assertInvalid(String field, Runnable call) {
        assertThatThrownBy(call::run).isInstanceOfSatisfying(ColonyException.class, e -> {
            assertThat(e.code()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
            assertThat(e.field()).isEqualTo(field);
        });
    }
}
