package dev.colony.api;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class EchoTest {

    @Test
    void shortValuesAppearWholeAndLongOnesAsAPrefixWithTheirLength() {
        assertThat(Echo.quoted("bogus")).isEqualTo("'bogus'");
        assertThat(Echo.quoted(null)).isEqualTo("null");
        assertThat(Echo.quoted("x".repeat(Echo.MAX_CHARS))).isEqualTo("'" + "x".repeat(Echo.MAX_CHARS) + "'");
        assertThat(Echo.quoted("y".repeat(10 * 1024 * 1024)))
                .isEqualTo("'" + "y".repeat(Echo.MAX_CHARS) + "…(10485760 chars)'");
        assertThat(Echo.capped("z".repeat(65))).isEqualTo("z".repeat(64) + "…(65 chars)");
    }

    @Test
    void aCutNeverSplitsASurrogatePair() {
        String value = "a".repeat(Echo.MAX_CHARS - 1) + "\uD83D\uDE00" + "tail";
        String capped = Echo.capped(value);
        assertThat(capped).startsWith("a".repeat(Echo.MAX_CHARS - 1) + "…");
        assertThat(capped.codePoints().allMatch(Character::isValidCodePoint)).isTrue();
        assertThat(capped.chars().noneMatch(c -> Character.isSurrogate((char) c))).isTrue();
    }
}
