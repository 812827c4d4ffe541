package dev.colony.api.resume;

import dev.colony.api.attention.Attention;
import dev.colony.api.claim.FileClaim;
import dev.colony.api.lane.Lane;
import dev.colony.api.plan.ReadyWork;
import dev.colony.api.task.SavedWorkingNote;
import java.util.List;
import java.util.Objects;

/**
 * Where a caller stands, read in one transaction: the lanes, its own lane and thread, what needs it, its ready
 * queue (looked at, never claimed from), its files and working note on its thread, and what to do next.
 *
 * @param lanes every lane of the repository asked about (all when none), dead ones included, most recently seen
 *     first
 * @param own the caller's lane (the one on the branch asked about, if it has several), or {@code null}
 * @param attention what needs the caller
 * @param work the ready queue
 * @param claims the caller's live claims on its thread
 * @param note the caller's working note on its thread, or {@code null}
 * @param pendingSignals signals pending for the caller
 * @param decision the autopilot's decision over the same state
 * @param warnings what looks off, in a fixed order
 */
public record ResumeView(List<Lane> lanes, Lane own, Attention attention, ReadyWork work, List<FileClaim> claims,
        SavedWorkingNote note, int pendingSignals, AutopilotDecision decision, List<ResumeWarning> warnings) {

    /** The most claims of the caller's thread read. */
    public static final int CLAIMS_READ = 50;

    /** Copies the lists and checks the required components. */
    public ResumeView {
        lanes = List.copyOf(lanes);
        Objects.requireNonNull(attention, "attention");
        Objects.requireNonNull(work, "work");
        claims = List.copyOf(claims);
        Objects.requireNonNull(decision, "decision");
        warnings = List.copyOf(warnings);
    }
}
