package dev.colony.core.internal.spec;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The signature of a build failure: the same failure seen in two runs gets the same signature even though the runs
 * differ in what changes from run to run (addresses, temporary paths, times, line numbers).
 *
 * <p>The error is normalised by these rules, in order: UUIDs become {@code <uuid>}; ISO-8601 timestamps
 * ({@code 2026-01-05T09:00:00Z}, with or without fraction or offset) {@code <time>}; temporary paths ({@code /tmp/…},
 * {@code /var/folders/…}, {@code /private/var/…}, a Windows {@code …\Temp\…}) {@code <tmp>}; hex addresses
 * ({@code 0x7ffe…}, {@code @1b6d3586}) {@code <addr>}; line and column numbers ({@code :12}, {@code :12:7},
 * {@code line 12}, {@code column 7}) {@code :<n>}; then runs of white space become one space and the ends are
 * trimmed. The signature is the first 16 hex digits of the SHA-256 of the trimmed test id, a line break and the
 * normalised error.
 */
final class FailureSignature {

    /** The signature's length in hex digits. */
    static final int LENGTH = 16;

    private record Rule(Pattern pattern, String replacement) {
    }

    private static final List<Rule> RULES = List.of(
            new Rule(Pattern.compile("[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"),
                    "<uuid>"),
            new Rule(Pattern.compile("\\d{4}-\\d{2}-\\d{2}[T ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:?\\d{2})?"),
                    "<time>"),
            new Rule(Pattern.compile("(/private)?/(tmp|var/folders|var/tmp)/[^\\s:'\"),]*"), "<tmp>"),
            new Rule(Pattern.compile("[A-Za-z]:\\\\[^\\s:'\"]*\\\\Temp\\\\[^\\s:'\"),]*"), "<tmp>"),
            new Rule(Pattern.compile("\\b0x[0-9a-fA-F]+\\b"), "<addr>"),
            new Rule(Pattern.compile("@[0-9a-f]{6,16}\\b"), "@<addr>"),
            new Rule(Pattern.compile("(?i)\\b(line|column|col)\\s+\\d+"), ":<n>"),
            new Rule(Pattern.compile(":\\d+(:\\d+)?\\b"), ":<n>"),
            new Rule(Pattern.compile("\\s+"), " "));

    private FailureSignature() {
    }

    /** The error with its volatile parts replaced. */
    static String normalise(String error) {
        String text = error;
        for (Rule rule : RULES) {
            text = rule.pattern().matcher(text).replaceAll(rule.replacement());
        }
        return text.strip();
    }

    /** The signature of a failure of {@code testId} with {@code error}. */
    static String of(String testId, String error) {
        byte[] bytes = (testId.strip() + "\n" + normalise(error)).getBytes(StandardCharsets.UTF_8);
        return SpecParser.hash(bytes).substring(0, LENGTH);
    }
}
