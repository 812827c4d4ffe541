package dev.colony.api.resume;

import dev.colony.api.ColonyException;

/** The next step of a caller that loops on its own schedule, decided without changing anything. */
public interface Autopilot {

    /**
     * What the caller should do next: first what needs it, in the order of {@link dev.colony.api.attention.Need},
     * then its ready queue (read, never claimed from or released). One read transaction.
     *
     * @param repoRoot only ready work of this repository, or {@code null} for all
     * @throws ColonyException {@code INVALID_ARGUMENT} naming {@code repo_root} when it is not an absolute path
     */
    AutopilotDecision next(String repoRoot);
}
