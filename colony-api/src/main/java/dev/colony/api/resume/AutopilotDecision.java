package dev.colony.api.resume;

import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What a caller should do next, and the call that does it.
 *
 * @param generatedAt when the state it rests on was read, from the Colony's clock
 * @param step the kind of step
 * @param reason why, in words
 * @param nextTool the tool to call (by its tool name), or {@code null} for {@link NextStep#NO_OP}
 * @param nextArgs that call's arguments by argument name, in order (numbers, text, lists of text), or {@code null}
 * @param nextAction the same in words
 * @param suggestedWakeSeconds when to decide again
 * @param counts the counts behind it
 */
public record AutopilotDecision(Instant generatedAt, NextStep step, String reason, String nextTool,
        Map<String, Object> nextArgs, String nextAction, int suggestedWakeSeconds, DecisionCounts counts) {

    /** Checks the required components and keeps the arguments' order. */
    public AutopilotDecision {
        Objects.requireNonNull(generatedAt, "generatedAt");
        Objects.requireNonNull(step, "step");
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(nextAction, "nextAction");
        Objects.requireNonNull(counts, "counts");
        nextArgs = nextArgs == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(nextArgs));
    }
}
