package dev.colony.api.activity;

import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * How far a session's recent edits on a thread strayed from the files it claims there: file scope only, not
 * what the edits mean.
 *
 * @param generatedAt when it was read, from the Colony's clock
 * @param task the thread
 * @param session the session
 * @param window how far back edits count
 * @param claimedFiles the files the session holds by an active claim on the thread
 * @param editedFiles the files it edited there within the window
 * @param editsWithoutClaim edited but not claimed
 * @param claimsWithoutEdits claimed but not edited within the window
 */
public record Drift(Instant generatedAt, TaskId task, SessionId session, Duration window, List<String> claimedFiles,
        List<String> editedFiles, List<String> editsWithoutClaim, List<String> claimsWithoutEdits) {

    /** Checks the required components and copies the lists. */
    public Drift {
        Objects.requireNonNull(generatedAt, "generatedAt");
        Objects.requireNonNull(task, "task");
        Objects.requireNonNull(session, "session");
        Objects.requireNonNull(window, "window");
        claimedFiles = List.copyOf(claimedFiles);
        editedFiles = List.copyOf(editedFiles);
        editsWithoutClaim = List.copyOf(editsWithoutClaim);
        claimsWithoutEdits = List.copyOf(claimsWithoutEdits);
    }

    /** The share of edited files that no claim covered: 0 when every edit was claimed (or there were none). */
    public double score() {
        return editedFiles.isEmpty() ? 0 : (double) editsWithoutClaim.size() / editedFiles.size();
    }
}
