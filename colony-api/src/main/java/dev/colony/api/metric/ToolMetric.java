package dev.colony.api.metric;

import dev.colony.api.SessionId;
import dev.colony.api.UserId;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * One tool call, as accounted for afterwards: which tool, for whom, how long it took, how much it read
 * and wrote, and how it ended. These rows are what a savings report reads to compare what agents
 * received with what they would have pasted otherwise.
 *
 * <p>Sizes are the UTF-8 bytes of the call's arguments and of the text the tool returned; tokens are
 * estimated from bytes with {@link #estimateTokens} (about four bytes a token for English text and
 * JSON), since the real count depends on the model's tokenizer, which the server never sees.
 *
 * @param at when the call started
 * @param tool the tool name
 * @param user the user the call ran for
 * @param session the session the call ran in
 * @param duration how long the call ran, measured on the server
 * @param bytesIn UTF-8 bytes of the arguments
 * @param bytesOut UTF-8 bytes of the returned text
 * @param tokensIn estimated tokens of the arguments
 * @param tokensOut estimated tokens of the returned text
 * @param ok whether the call succeeded
 * @param errorCode the stable error code of a failed call (e.g. {@code INVALID_ARGUMENT}), {@code null}
 *         when it succeeded
 */
public record ToolMetric(Instant at, String tool, UserId user, SessionId session, Duration duration, long bytesIn,
        long bytesOut, long tokensIn, long tokensOut, boolean ok, String errorCode) {

    /** The longest tool name and error code a row keeps. */
    public static final int MAX_NAME_CHARS = 64;

    /** Checks the components. */
    public ToolMetric {
        Objects.requireNonNull(at, "at");
        Objects.requireNonNull(tool, "tool");
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(session, "session");
        Objects.requireNonNull(duration, "duration");
        if (tool.isBlank() || tool.length() > MAX_NAME_CHARS) {
            throw new IllegalArgumentException("tool must be 1 to " + MAX_NAME_CHARS + " characters");
        }
        if (duration.isNegative() || bytesIn < 0 || bytesOut < 0 || tokensIn < 0 || tokensOut < 0) {
            throw new IllegalArgumentException("durations, sizes and token counts are never negative");
        }
        if (ok != (errorCode == null)) {
            throw new IllegalArgumentException("a failed call has an error code and a successful one has none");
        }
        if (errorCode != null && (errorCode.isBlank() || errorCode.length() > MAX_NAME_CHARS)) {
            throw new IllegalArgumentException("errorCode must be 1 to " + MAX_NAME_CHARS + " characters");
        }
    }

    /**
     * A row for a call measured in bytes, with tokens estimated from the bytes.
     *
     * @param errorCode {@code null} for a successful call
     */
    public static ToolMetric of(Instant at, String tool, UserId user, SessionId session, Duration duration,
            long bytesIn, long bytesOut, String errorCode) {
        return new ToolMetric(at, tool, user, session, duration, bytesIn, bytesOut, estimateTokens(bytesIn),
                estimateTokens(bytesOut), errorCode == null, errorCode);
    }

    /** Tokens estimated from UTF-8 bytes: one token per four bytes, rounded up. */
    public static long estimateTokens(long bytes) {
        return (bytes + 3) / 4;
    }
}
