package dev.colony.tool.run;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.run.Run;
import dev.colony.api.run.RunStatus;
import dev.colony.api.run.Runs;
import dev.colony.tool.Futures;
import dev.colony.tool.Param;
import dev.colony.tool.Range;
import dev.colony.tool.Size;
import dev.colony.tool.ToolSpec;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/** {@code ask_user}: ask the user a question on behalf of the run the caller executes, and wait for the answer. */
public final class AskUserTool {

    /** The arguments. */
    public record Args(
            @Param(value = "The question.", required = true) @Size(max = Runs.MAX_TEXT_CHARS) String question,
            @Param("The run that asks, if you execute several.") String taskId,
            @Param(value = "The longest wait, in seconds.",
                    defaultValue = "" + RunArgs.DEFAULT_WAIT_SECONDS)
            @Range(min = 0, max = RunArgs.MAX_WAIT_SECONDS) Integer waitSeconds) {
    }

    /** The tool. */
    public static final ToolSpec<Args, RunResult> SPEC = ToolSpec.writingAsync("ask_user", "Ask the user",
            "From a run you execute: ask your user and wait up to wait_seconds (elicitation, else "
                    + "answer_task or colony answer); no answer yet: ask again.",
            Args.class, RunResult.class, (context, args) -> {
                Runs runs = context.scope().runs();
                Run asked = runs.ask(RunArgs.id("task_id", args.taskId()), args.question());
                String question = args.question().strip();
                if (asked.status() != RunStatus.BLOCKED) {
                    return CompletableFuture.completedFuture(result(asked, question));
                }
                Duration wait = RunArgs.waitOf(args.waitSeconds());
                CompletableFuture<Run> answered = runs.awaitAnswerAsync(asked.id(), wait);
                CompletableFuture<Optional<String>> elicited = context.questions().ask(asked.question(), wait);
                elicited.thenAccept(given -> given.ifPresent(answer -> resumeQuietly(runs, asked, answer)));
                answered.whenComplete((run, failure) -> elicited.cancel(false));
                return Futures.map(answered, now -> result(now, question));
            });

    /** What the asker learns: the answer (and the question it answers, when not {@code question}), or to wait on. */
    private static RunResult result(Run now, String question) {
        if (now.status() == RunStatus.BLOCKED) {
            return new RunResult(now.id().value(), now.status().wireName(), null, null, "No answer yet; call "
                    + "ask_user again with the same question to keep waiting.");
        }
        boolean earlier = now.answer() != null && !question.equals(now.question());
        return new RunResult(now.id().value(), now.status().wireName(), now.answer(), earlier ? now.question()
                : null, (earlier ? "This answers your earlier question; ask again if yours still stands. " : "")
                        + (now.status() == RunStatus.QUEUED ? "Answered; the run waits for a free slot, then goes on."
                                : "Answered; go on with the run."));
    }

    /** Records the user's answer; one given meanwhile through answer_task stands instead. */
    private static void resumeQuietly(Runs runs, Run asked, String answer) {
        try {
            runs.resume(asked.id(), answer);
        } catch (ColonyException e) {
            if (e.code() != ErrorCode.RUN_NOT_BLOCKED && e.code() != ErrorCode.RUN_ALREADY_TERMINAL) {
                throw e;
            }
        }
    }

    private AskUserTool() {
    }
}
