package dev.colony.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TextRuleTest {

    @Test
    void freeTextKeepsTabsLineBreaksAndWholeCharactersButNoOtherControlOrLoneSurrogate() {
        String fine = "line one\tcolumn\r\nline two \uD83D\uDE00 caf\u00e9 \u0085";
        assertThat(TextRule.freeText("content", fine)).isSameAs(fine);
        assertThat(TextRule.freeText("content", null)).isNull();

        assertRefused(() -> TextRule.freeText("content", "a\u0000b"), "content",
                "content: must not contain control characters other than tab and line breaks; found U+0000 at index 1");
        assertRefused(() -> TextRule.freeText("query", "colour \u001b[31mred"), "query", "U+001B at index 7");
        assertRefused(() -> TextRule.freeText("summary", "ok \uD800 then"), "summary",
                "summary: is not valid Unicode text: lone surrogate at index 3");
        assertRefused(() -> TextRule.freeText("summary", "ends high \uD83D"), "summary", "lone surrogate at index 10");
        assertRefused(() -> TextRule.freeText("summary", "\uDE00 starts low"), "summary", "lone surrogate at index 0");
    }

    @Test
    void anIdentifierIsOneLineWithoutAnyControlCharacter() {
        assertThat(TextRule.identifier("branch", "feature/\uD83D\uDE00-x")).isEqualTo("feature/\uD83D\uDE00-x");
        for (String bad : new String[] {"a\nb", "a\tb", "a\rb", "a\u007fb", "a\u0085b", "a\u2028b", "a\u0000b"}) {
            assertRefused(() -> TextRule.identifier("agent", bad), "agent", "agent: must be one line");
        }
        assertRefused(() -> TextRule.identifier("session_id", "alice-\uDBFF"), "session_id", "lone surrogate");
        assertRefused(() -> SessionId.of("alice-\uDBFF"), "session_id", "lone surrogate");
        assertRefused(() -> UserId.of("al\u0000ice"), "user", "U+0000");
    }

    @Test
    void textFromElsewhereIsKeptWithRefusedCharactersReplaced() {
        assertThat(TextRule.replaceRefused("\u001b[1mbold\u001b[0m\tand\n\uD83D\uDE00 \uD800"))
                .isEqualTo("\uFFFD[1mbold\uFFFD[0m\tand\n\uD83D\uDE00 \uFFFD");
        String clean = "nothing to replace";
        assertThat(TextRule.replaceRefused(clean)).isSameAs(clean);
        assertThat(TextRule.replaceRefused(null)).isNull();
    }

    private static void assertRefused(Runnable call, String field, String message) {
        assertThatThrownBy(call::run).isInstanceOfSatisfying(ColonyException.class, e -> {
            assertThat(e.code()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
            assertThat(e.field()).isEqualTo(field);
            assertThat(e.getMessage()).contains(message);
        });
    }
}
