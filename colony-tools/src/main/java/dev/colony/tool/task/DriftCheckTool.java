package dev.colony.tool.task;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.colony.api.CallerScope;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import dev.colony.api.activity.Drift;
import dev.colony.tool.ArgumentSchema;
import dev.colony.tool.Nullable;
import dev.colony.tool.Param;
import dev.colony.tool.Range;
import dev.colony.tool.ToolSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** {@code task_drift_check}: which recent edits of a session fell outside its claims on a thread, and back. */
public final class DriftCheckTool {

    /** The arguments. */
    public record Args(
            @Param(value = "The thread to compare.", required = true)
            @Range(min = 1, max = ArgumentSchema.MAX_SAFE_INTEGER) long taskId,
            @Param(value = "How far back edits count.", defaultValue = "60")
            @Range(min = 1, max = 1_440) int windowMinutes) {
    }

    /**
     * One claim to make, as {@code task_claim_file} takes it.
     *
     * @param taskId the thread
     * @param filePath the file
     */
    public record ClaimArgs(long taskId, String filePath) {
    }

    /**
     * The comparison.
     *
     * @param generatedAt when (epoch ms)
     * @param taskId the thread
     * @param sessionId the session
     * @param windowMinutes the window
     * @param claimedFiles actively claimed on the thread
     * @param editedFiles edited there within the window
     * @param editsWithoutClaim edited but not claimed
     * @param claimsWithoutEdits claimed but not edited lately
     * @param driftScore the share of edited files no claim covered
     * @param recommendation what to do about it
     * @param nextTool task_claim_file when edits lack claims
     * @param nextArgs one claim per unclaimed edit
     */
    public record Result(long generatedAt, long taskId, String sessionId, int windowMinutes, List<String> claimedFiles,
            List<String> editedFiles, List<String> editsWithoutClaim, List<String> claimsWithoutEdits,
            double driftScore, String recommendation,
            @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) String nextTool,
            @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) List<ClaimArgs> nextArgs) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.reading("task_drift_check", "Check claim drift",
            "Compare your claims on a thread with the files you edited there lately: edits without a claim, "
                    + "claims without edits; next_args are the missing task_claim_file calls.",
            Args.class, Result.class, (context, args) -> {
                CallerScope caller = context.scope();
                SessionId session = caller.actor().session();
                Drift drift = caller.activity().drift(TaskId.of(args.taskId()), session,
                        Duration.ofMinutes(args.windowMinutes()));
                List<String> advice = new ArrayList<>();
                if (!drift.editsWithoutClaim().isEmpty()) {
                    advice.add("Claim " + drift.editsWithoutClaim().size() + " file(s) edited without a claim: "
                            + String.join(", ", drift.editsWithoutClaim()) + ".");
                }
                if (!drift.claimsWithoutEdits().isEmpty()) {
                    advice.add("Release or revisit " + drift.claimsWithoutEdits().size() + " claim(s) with no "
                            + "recent edits: " + String.join(", ", drift.claimsWithoutEdits()) + ".");
                }
                List<ClaimArgs> claims = drift.editsWithoutClaim().stream().map(file -> new ClaimArgs(args.taskId(),
                        file)).toList();
                return new Result(drift.generatedAt().toEpochMilli(), args.taskId(), session.value(), args.windowMinutes(),
                        drift.claimedFiles(), drift.editedFiles(), drift.editsWithoutClaim(),
                        drift.claimsWithoutEdits(), Math.round(drift.score() * 1000) / 1000.0,
                        advice.isEmpty() ? "No drift: every recent edit is claimed." : String.join(" ", advice),
                        claims.isEmpty() ? null : "task_claim_file", claims.isEmpty() ? null : claims);
            });

    private DriftCheckTool() {
    }
}
