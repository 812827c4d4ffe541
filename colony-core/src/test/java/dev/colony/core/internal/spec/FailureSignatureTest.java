package dev.colony.core.internal.spec;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A failure's signature ignores what differs from run to run and keeps what tells failures apart. */
class FailureSignatureTest {

    @Test
    void volatilePartsAreReplacedByPlaceholders() {
        assertThat(FailureSignature.normalise("  java.lang.AssertionError:\texpected 16\n  but was 1 at Batch.java:42:7 "))
                .isEqualTo("java.lang.AssertionError: expected 16 but was 1 at Batch.java:<n>");
        assertThat(FailureSignature.normalise("Buffer@1b6d3586 at 0x7ffe12ab freed"))
                .isEqualTo("Buffer@<addr> at <addr> freed");
        assertThat(FailureSignature.normalise("no file /tmp/junit123/a.txt at 2026-01-05T09:00:00.123Z"))
                .isEqualTo("no file <tmp> at <time>");
        assertThat(FailureSignature.normalise("run 123e4567-e89b-12d3-a456-426614174000 failed on line 12"))
                .isEqualTo("run <uuid> failed on :<n>");
        assertThat(FailureSignature.normalise("C:\\Users\\a\\AppData\\Local\\Temp\\x1\\b.txt missing"))
                .isEqualTo("<tmp> missing");
    }

    @Test
    void theSameFailureInAnotherRunHasTheSameSignatureAndAnotherFailureAnother() {
        String first = FailureSignature.of("BatchTest#sizes", "AssertionError: 16 != 1 at Batch.java:42 (/tmp/a1)");
        String again = FailureSignature.of(" BatchTest#sizes ", "AssertionError:  16 != 1 at Batch.java:57 (/tmp/b2)");

        assertThat(first).hasSize(FailureSignature.LENGTH).matches("[0-9a-f]+").isEqualTo(again);
        assertThat(FailureSignature.of("BatchTest#sizes", "AssertionError: 16 != 2 at Batch.java:42"))
                .isNotEqualTo(first);
        assertThat(FailureSignature.of("BatchTest#other", "AssertionError: 16 != 1 at Batch.java:42 (/tmp/a1)"))
                .isNotEqualTo(first);
    }
}
