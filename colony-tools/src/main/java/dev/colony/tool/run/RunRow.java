package dev.colony.tool.run;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.colony.api.Previews;
import dev.colony.api.run.BlockedOn;
import dev.colony.api.run.Run;
import dev.colony.api.run.RunKind;
import dev.colony.api.run.RunStatus;
import dev.colony.tool.Nullable;

/**
 * A run in a listing, compact: ids, status, previews of its text and its accounting; the whole result comes from
 * {@code await_tasks} and the output of a shell run from {@code task_output}.
 *
 * @param taskId the run's id
 * @param kind shell or agent (and the other kinds)
 * @param agent the agent it is for
 * @param status queued, in_progress, blocked, finished, failed or killed
 * @param blockedOn what a blocked run waits for: user_input or runs
 * @param preview the start of its message (else its command), on one line
 * @param question the question a run blocked on the user asks, or that a waiting answer answers
 * @param answer the user's answer that came after the asker stopped waiting: its next ask_user returns it
 * @param result a preview of its result (the end of a shell run's output)
 * @param error a preview of its error
 * @param exitCode a shell run's exit code
 * @param promptTokens prompt tokens spent
 * @param completionTokens completion tokens spent
 * @param parentId the run it serves
 * @param createdAt when it was spawned or created (epoch ms)
 */
public record RunRow(
        String taskId,
        String kind,
        @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) String agent,
        String status,
        @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) String blockedOn,
        @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) String preview,
        @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) String question,
        @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) String answer,
        @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) String result,
        @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) String error,
        @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) Integer exitCode,
        @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) Long promptTokens,
        @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) Long completionTokens,
        @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) String parentId,
        long createdAt) {

    /** The characters of a text a row shows. */
    static final int PREVIEW_CHARS = 120;

    /** The row of {@code run}, with {@code resultChars} of its result. */
    static RunRow of(Run run, int resultChars) {
        String what = run.message() != null ? run.message() : run.command();
        boolean blocked = run.status() == RunStatus.BLOCKED;
        boolean asked = blocked && run.blockedOn() == BlockedOn.USER_INPUT || run.answerWaiting();
        return new RunRow(run.id().value(), run.kind().wireName(), run.agent(), run.status().wireName(),
                blocked && run.blockedOn() != null ? run.blockedOn().wireName() : null, Previews.line(what,
                        PREVIEW_CHARS), asked ? Previews.line(run.question(), PREVIEW_CHARS * 2) : null,
                run.answerWaiting() ? Previews.clip(run.answer(), PREVIEW_CHARS * 2) : null, run.kind() == RunKind.SHELL ? tail(run.result(), resultChars) : Previews.clip(run.result(),
                        resultChars), Previews.line(run.error(), PREVIEW_CHARS * 2), run.exitCode(), run.promptTokens(),
                run.completionTokens(), run.parent() == null ? null : run.parent().value(),
                run.createdAt().toEpochMilli());
    }

    /** The compact row of {@code run}. */
    static RunRow of(Run run) {
        return of(run, PREVIEW_CHARS);
    }

    /** The end of a shell run's output, which is where its verdict usually is. */
    private static String tail(String text, int max) {
        return text == null || text.length() <= max ? text : "…" + text.substring(text.length() - (max - 1));
    }
}
