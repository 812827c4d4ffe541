package dev.colony.tool.claim;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.colony.api.CallerScope;
import dev.colony.api.TaskId;
import dev.colony.api.baton.Baton;
import dev.colony.api.baton.BatonLimits;
import dev.colony.api.baton.HandoffRequest;
import dev.colony.tool.ArgumentSchema;
import dev.colony.tool.Nullable;
import dev.colony.tool.Param;
import dev.colony.tool.Range;
import dev.colony.tool.Size;
import dev.colony.tool.ToolArguments;
import dev.colony.tool.ToolSpec;
import java.util.List;

/** {@code task_hand_off}: pass work and the claims of named files to another agent. */
public final class TaskHandOffTool {

    /** The arguments. */
    public record Args(
            @Param(required = true)
            @Range(min = 1, max = ArgumentSchema.MAX_SAFE_INTEGER) long taskId,
            @Param(defaultValue = "any") @Size(max = 64) String toAgent,
            @Param(value = "What is done and what is left.", required = true)
            @Size(max = BatonLimits.MAX_SUMMARY_CHARS) String summary,
            @Param("Concrete next steps.") @Size(max = BatonLimits.MAX_LIST_ENTRIES)
            List<String> nextSteps,
            @Param("Known blockers.") @Size(max = BatonLimits.MAX_LIST_ENTRIES) List<String> blockers,
            @Param("Files whose claims move to the receiver.")
            @Size(max = BatonLimits.MAX_LIST_ENTRIES) List<String> transferredFiles,
            @Param(value = "How long it waits for a receiver.", defaultValue = "120")
            @Range(min = 1, max = 480) Integer expiresInMinutes) {
    }

    /**
     * The handoff.
     *
     * @param handoffObservationId the handoff's id (its memory on the thread)
     * @param status pending
     * @param toAgent who it is addressed to
     * @param transferredFiles the normalised files
     * @param expiresAt when it stops waiting (epoch ms)
     * @param suggestedCandidates for a handoff to any agent: the agent types with a live session that fit the
     *     files' kind of work best
     */
    public record Result(long handoffObservationId, String status, String toAgent, List<String> transferredFiles,
            long expiresAt,
            @Nullable @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Candidate> suggestedCandidates) {
    }

    /**
     * An agent type that could take the handoff.
     *
     * @param agent the agent type
     * @param capability the kind of work the files ask for most
     * @param fitScore its weight for that kind of work
     * @param liveSessions its live sessions
     */
    public record Candidate(String agent, @Nullable String capability, double fitScore, int liveSessions) {
    }

    /** Candidates a broadcast handoff suggests. */
    private static final int CANDIDATES = 3;

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.writing("task_hand_off", "Hand off work",
            "Hand your work on a thread to another agent: its files are released and claimed for whoever "
                    + "accepts (task_accept_handoff). If you may be gone before an answer, use task_relay.",
            Args.class, Result.class, (context, args) -> {
                CallerScope caller = context.scope();
                Baton baton = caller.handoffs().handOff(
                        new HandoffRequest(TaskId.of(args.taskId()), args.toAgent(), args.summary(), args.nextSteps(),
                                args.blockers(), args.transferredFiles(),
                                ToolArguments.minutes(args.expiresInMinutes())));
                List<Candidate> candidates = !BatonLimits.ANY_AGENT.equals(baton.toAgent()) ? List.of()
                        : caller.profiles().candidatesFor(baton.files(), CANDIDATES).stream().map(candidate ->
                                new Candidate(candidate.agent(), candidate.capability(), candidate.weight(),
                                        candidate.liveSessions())).toList();
                return new Result(baton.id().value(), baton.status().wireName(), baton.toAgent(), baton.files(),
                        baton.expiresAt().toEpochMilli(), candidates);
            });

    private TaskHandOffTool() {
    }
}
