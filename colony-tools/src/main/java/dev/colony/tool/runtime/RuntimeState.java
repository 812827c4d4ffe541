package dev.colony.tool.runtime;

import dev.colony.api.CallerScope;
import dev.colony.api.TaskId;
import dev.colony.api.attention.Attention;
import dev.colony.api.attention.AttentionQuery;
import dev.colony.api.attention.Need;
import dev.colony.api.claim.FileClaim;
import dev.colony.api.lane.Lane;
import dev.colony.api.lane.LaneQuery;
import dev.colony.api.lane.Lanes;
import dev.colony.api.plan.ReadyQuery;
import dev.colony.api.plan.ReadyWork;
import dev.colony.api.task.SavedWorkingNote;
import dev.colony.tool.plan.AutopilotTickTool;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What the resume views show, read once through the caller's scope: the lanes, the caller's own lane and
 * its thread, what needs the caller, the ready queue (looked at, never claimed from), the caller's claims on
 * its thread, its working note there, and the autopilot's decision over all of it.
 *
 * @param lanes every lane of the repository, dead ones included
 * @param own the caller's lane, if it has one
 * @param attention what needs the caller
 * @param work the ready queue
 * @param claims the caller's live claims on its thread
 * @param note the caller's working note on its thread
 * @param decision what to do next
 */
record RuntimeState(List<Lane> lanes, Optional<Lane> own, Attention attention, ReadyWork work,
        List<FileClaim> claims, Optional<SavedWorkingNote> note, AutopilotTickTool.Result decision) {

    /** The claims of the thread read, at most. */
    static final int CLAIMS_READ = 50;

    /** Reads the state for {@code caller}, in {@code repoRoot} when given, preferring the lane on {@code branch}. */
    static RuntimeState read(CallerScope caller, String repoRoot, String branch, int readyLimit) {
        List<Lane> lanes = caller.lanes().list(new LaneQuery(repoRoot == null ? Set.of() : Set.of(repoRoot), true,
                Lanes.MAX_LIST_LIMIT));
        Optional<Lane> own = lanes.stream().filter(lane -> lane.session().equals(caller.actor().session()))
                .min(Comparator.comparing((Lane lane) -> branch == null || !branch.equals(lane.branch())));
        Attention attention = caller.attention().read(AttentionQuery.defaults());
        ReadyWork work = caller.plans().ready(new ReadyQuery(repoRoot, readyLimit, false, false));
        Optional<TaskId> task = own.map(Lane::task);
        List<FileClaim> claims = task.map(id -> caller.claims().list(id, CLAIMS_READ).stream()
                .filter(claim -> claim.session().equals(caller.actor().session())).toList()).orElse(List.of());
        Optional<SavedWorkingNote> note = task.flatMap(id -> caller.tasks().workingNote(id));
        return new RuntimeState(lanes, own, attention, work, claims, note, AutopilotTickTool.decide(caller, attention,
                work));
    }

    /** Unread messages marked blocking. */
    int blockingCount() {
        return attention.count(Need.BLOCKING_MESSAGE);
    }
}
