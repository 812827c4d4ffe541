package dev.colony.api.run;

/**
 * How a run ended, as its executor reports it.
 *
 * @param result the result (a finished run), or {@code null}
 * @param error what went wrong (a failed run), or {@code null}
 * @param promptTokens prompt tokens spent, or {@code null} when not counted
 * @param completionTokens completion tokens spent, or {@code null} when not counted
 * @param exitCode the shell command's exit code, or {@code null}
 */
public record RunOutcome(String result, String error, Long promptTokens, Long completionTokens, Integer exitCode) {

    /** A success with {@code result}. */
    public static RunOutcome finished(String result) {
        return new RunOutcome(result, null, null, null, null);
    }

    /** A failure with {@code error}. */
    public static RunOutcome failed(String error) {
        return new RunOutcome(null, error, null, null, null);
    }

    /** This outcome with token counts. */
    public RunOutcome withTokens(long prompt, long completion) {
        return new RunOutcome(result, error, prompt, completion, exitCode);
    }

    /** This outcome with a shell exit code. */
    public RunOutcome withExitCode(int code) {
        return new RunOutcome(result, error, promptTokens, completionTokens, code);
    }
}
