package dev.colony.mcp.tool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.SessionId;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

class ArgumentsTest {

    private static final Set<String> NAMES = Set.of("query", "limit", "ids", "flag", "topics", "session_id", "id");

    private static Arguments args(Object... pairs) {
        Map<String, Object> map = new HashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            map.put((String) pairs[i], pairs[i + 1]);
        }
        return Arguments.of(map, NAMES);
    }

    private static void assertInvalid(ThrowingCallable call, String field, String messagePart) {
        assertThatThrownBy(call)
                .isInstanceOfSatisfying(ColonyException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
                    assertThat(e.field()).isEqualTo(field);
                    assertThat(e.getMessage()).startsWith(field + ": ").contains(messagePart);
                });
    }

    @Test
    void refusesUnknownArgumentNamesAndListsTheAcceptedOnes() {
        assertInvalid(() -> Arguments.of(Map.of("qeury", "x"), NAMES), "qeury", "accepted: flag, id, ids");
    }

    @Test
    void nullArgumentsAreTreatedAsNone() {
        Arguments none = Arguments.of(null, NAMES);
        assertThat(none.has("query")).isFalse();
        assertThat(none.optionalInt("limit", 1, 10, 7)).isEqualTo(7);
        assertInvalid(() -> none.requiredString("query"), "query", "is required");
    }

    @Test
    void stringsMustBeNonBlankStrings() {
        assertThat(args("query", "auth").requiredString("query")).isEqualTo("auth");
        assertInvalid(() -> args("query", "  ").requiredString("query"), "query", "must not be blank");
        assertInvalid(() -> args("query", 5).requiredString("query"), "query", "must be a string, was a number");
        assertThat(args("query", null).optionalString("query")).isNull();
    }

    @Test
    void integersAcceptWholeNumbersOnlyAndCheckTheRange() {
        assertThat(args("limit", 5).optionalInt("limit", 1, 10, 3)).isEqualTo(5);
        assertThat(args("limit", 5L).optionalInt("limit", 1, 10, 3)).isEqualTo(5);
        assertThat(args("limit", 5.0d).optionalInt("limit", 1, 10, 3)).isEqualTo(5);
        assertInvalid(() -> args("limit", 5.5d).optionalInt("limit", 1, 10, 3), "limit", "whole number");
        assertInvalid(() -> args("limit", "5").optionalInt("limit", 1, 10, 3), "limit", "must be an integer, was a string");
        assertInvalid(() -> args("limit", true).optionalInt("limit", 1, 10, 3), "limit", "was a boolean");
        assertInvalid(() -> args("limit", 0).optionalInt("limit", 1, 10, 3), "limit", "between 1 and 10, was 0");
        assertInvalid(() -> args("limit", 11).optionalInt("limit", 1, 10, 3), "limit", "was 11");
        assertInvalid(() -> args("limit", BigInteger.TEN.pow(30)).optionalInt("limit", 1, 10, 3), "limit",
                "out of range");
    }

    @Test
    void idsArePositive() {
        assertThat(args("id", 42).requiredId("id")).isEqualTo(42L);
        assertInvalid(() -> args("id", -1).requiredId("id"), "id", "positive");
        assertInvalid(() -> args().requiredId("id"), "id", "is required");
        assertThat(args().optionalId("id")).isNull();
    }

    @Test
    void idListsCheckSizeAndEveryEntryByIndex() {
        assertThat(args("ids", List.of(3, 1L)).requiredIds("ids", 1, 50)).containsExactly(3L, 1L);
        assertInvalid(() -> args("ids", List.of()).requiredIds("ids", 1, 50), "ids", "1 to 50 ids, held 0");
        assertInvalid(() -> args("ids", List.of(1, "2")).requiredIds("ids", 1, 50), "ids[1]", "integer");
        assertInvalid(() -> args("ids", Arrays.asList(1, null)).requiredIds("ids", 1, 50), "ids[1]", "null");
        assertInvalid(() -> args("ids", List.of(0)).requiredIds("ids", 1, 50), "ids[0]", "positive");
        assertInvalid(() -> args("ids", 7).requiredIds("ids", 1, 50), "ids", "must be an array, was a number");
        assertInvalid(() -> args().requiredIds("ids", 1, 50), "ids", "is required");
    }

    @Test
    void stringListsCheckSizeAndEntries() {
        assertThat(args("topics", List.of("a", "b")).optionalStrings("topics", 3)).containsExactly("a", "b");
        assertThat(args().optionalStrings("topics", 3)).isEmpty();
        assertInvalid(() -> args("topics", List.of("a", "b", "c", "d")).optionalStrings("topics", 3), "topics",
                "at most 3");
        assertInvalid(() -> args("topics", List.of("a", 2)).optionalStrings("topics", 3), "topics[1]", "string");
        assertInvalid(() -> args("topics", List.of(" ")).optionalStrings("topics", 3), "topics[0]", "blank");
    }

    @Test
    void booleansMustBeBooleans() {
        assertThat(args("flag", false).optionalBoolean("flag", true)).isFalse();
        assertThat(args().optionalBoolean("flag", true)).isTrue();
        assertInvalid(() -> args("flag", "yes").optionalBoolean("flag", true), "flag", "must be a boolean");
    }

    @Test
    void sessionIdsAreReportedUnderTheCallersFieldName() {
        assertThat(args("session_id", " codex-1 ").requiredSessionId("session_id")).isEqualTo(SessionId.of("codex-1"));
        String tooLong = "x".repeat(SessionId.MAX_LENGTH + 1);
        assertInvalid(() -> args("session_id", tooLong).requiredSessionId("session_id"), "session_id", "at most");
        Arguments other = Arguments.of(Map.of("target", "a\u0001b"), Set.of("target"));
        assertInvalid(() -> other.requiredSessionId("target"), "target", "control characters");
    }
}
