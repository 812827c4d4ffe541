package dev.colony.api.baton;

import dev.colony.api.TaskId;
import java.time.Duration;

/**
 * What a sender that may be gone leaves behind.
 *
 * @param task the thread
 * @param reason why the sender stops
 * @param oneLine the state of the work in one line
 * @param baseBranch the branch the receiver should start from, or {@code null}
 * @param toAgent the agent name or type to address, or {@code any} ({@code null} means any)
 * @param fetchFilesAt a commit or ref that holds the sender's files, or {@code null}
 * @param expiresIn how long the relay and its pending claims wait, or {@code null} for
 *     {@link BatonLimits#RELAY_DEFAULT_TTL}
 */
public record RelayRequest(TaskId task, RelayReason reason, String oneLine, String baseBranch, String toAgent,
        String fetchFilesAt, Duration expiresIn) {

    /** A relay of {@code oneLine} on {@code task} for {@code reason}, to any agent. */
    public static RelayRequest of(TaskId task, RelayReason reason, String oneLine) {
        return new RelayRequest(task, reason, oneLine, null, null, null, null);
    }

    /** This request addressed to {@code agent}. */
    public RelayRequest to(String agent) {
        return new RelayRequest(task, reason, oneLine, baseBranch, agent, fetchFilesAt, expiresIn);
    }

    /** This request with another time to live. */
    public RelayRequest expiringIn(Duration ttl) {
        return new RelayRequest(task, reason, oneLine, baseBranch, toAgent, fetchFilesAt, ttl);
    }

    /** This request with a base branch and the ref holding the sender's files. */
    public RelayRequest from(String base, String fetchAt) {
        return new RelayRequest(task, reason, oneLine, base, toAgent, fetchAt, expiresIn);
    }
}
