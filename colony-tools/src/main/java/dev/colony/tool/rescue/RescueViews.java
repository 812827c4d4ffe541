package dev.colony.tool.rescue;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.colony.api.rescue.RescueEntry;
import dev.colony.api.rescue.RescueReport;
import dev.colony.tool.Nullable;
import dev.colony.tool.TokenBudget.Budget;
import dev.colony.tool.TokenBudget;
import java.util.ArrayList;
import java.util.List;

/** The result both rescue tools return. */
public final class RescueViews {

    /**
     * A stranded session.
     *
     * @param sessionId the session
     * @param agent its agent
     * @param lastSeen its last heartbeat or call (epoch ms)
     * @param silentMinutes minutes since then
     * @param ended whether it ended
     * @param fileCount files it holds by active claims
     * @param subtaskCount plan sub-tasks it holds
     */
    public record Stranded(String sessionId, String agent, long lastSeen, long silentMinutes, boolean ended,
            int fileCount, int subtaskCount) {

        static Stranded of(RescueReport.StrandedSession session) {
            return new Stranded(session.session().value(), session.agent(), session.lastSeen().toEpochMilli(),
                    session.silentMinutes(), session.ended(), session.fileCount(), session.subtaskCount());
        }
    }

    /**
     * A stranded thread.
     *
     * @param sessionId the stranded session
     * @param agent its agent
     * @param taskId the thread
     * @param branch its branch
     * @param files the files held there
     * @param planSlug the plan of the sub-task held there
     * @param subtaskIndex that sub-task
     * @param waveIndex its wave
     * @param blockedDownstreamCount sub-tasks not completed that wait on it
     * @param blockingUrgency high, medium or low
     * @param staleAgeMinutes minutes the session has been silent
     * @param messageAttentionState the most urgent unread message to the session there: blocking, needs_reply,
     *     fyi or none
     * @param suggestedAction what a run does
     * @param relayObservationId the rescue relay a run emitted (what task_accept_relay takes)
     */
    public record Entry(String sessionId, String agent, long taskId,
            @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) String branch, List<String> files,
            @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) String planSlug,
            @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) Integer subtaskIndex,
            @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) Integer waveIndex, int blockedDownstreamCount,
            String blockingUrgency, long staleAgeMinutes, String messageAttentionState, String suggestedAction,
            @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) Long relayObservationId) {

        static Entry of(RescueEntry entry) {
            return new Entry(entry.session().value(), entry.agent(), entry.task().value(), entry.branch(),
                    entry.files(), entry.planSlug(), entry.subtaskIndex(), entry.waveIndex(),
                    entry.blockedDownstreamCount(), entry.blockingUrgency().wireName(), entry.staleAgeMinutes(),
                    entry.messageAttentionState().wireName(), entry.suggestedAction(),
                    entry.relay() == null ? null : entry.relay().value());
        }
    }

    /**
     * The outcome.
     *
     * @param dryRun whether nothing was changed
     * @param stranded the stranded sessions, longest silent first
     * @param rescued their threads, most urgent first
     * @param next what to do next
     * @param budget what a compact scan left out, when it left something out
     */
    public record Result(boolean dryRun, List<Stranded> stranded, List<Entry> rescued, String next,
            @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) Budget budget) {

        /** Everything the report holds (what a run did). */
        static Result of(RescueReport report) {
            return new Result(report.dryRun(), report.stranded().stream().map(Stranded::of).toList(),
                    report.rescued().stream().map(Entry::of).toList(), next(report), null);
        }

        /**
         * The report within {@code maxTokens}: the least urgent threads and the shortest silent sessions are left
         * out first, and the budget says how many.
         */
        static Result compact(RescueReport report, int maxTokens) {
            List<Stranded> stranded = new ArrayList<>(report.stranded().stream().map(Stranded::of).toList());
            List<Entry> rescued = new ArrayList<>(report.rescued().stream().map(Entry::of).toList());
            int available = stranded.size() + rescued.size();
            return TokenBudget.fit(maxTokens, List.of(stranded, rescued), (dropped, tokens) -> new Result(
                    report.dryRun(), List.copyOf(stranded), List.copyOf(rescued), next(report), dropped == 0 ? null
                            : new Budget(available, available - dropped, dropped, tokens, "rescue_stranded_scan",
                                    "Compact scan: the most urgent threads and longest silent sessions only; a "
                                            + "longer stranded_after_minutes narrows it, and rescue_stranded_run "
                                            + "acts on every one.")));
        }

        private static String next(RescueReport report) {
            return report.rescued().isEmpty() ? "Nothing is stranded."
                    : report.dryRun() ? "rescue_stranded_run with confirm: true relays these threads and releases "
                            + "their claims."
                            : "Relayed: any agent can take a thread over with task_accept_relay and its "
                                    + "relay_observation_id.";
        }
    }

    private RescueViews() {
    }
}
