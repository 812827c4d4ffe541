package dev.colony.api.session;

import dev.colony.api.SessionId;
import dev.colony.api.UserId;
import java.util.Objects;

/**
 * What a client knows about a session when it starts (or re-announces) it.
 *
 * <p>Only {@code user} and {@code agent} are required. When {@code id} is {@code null} a fresh id is
 * generated. Starting a session that already exists keeps its original start time and fills in only
 * the fields it did not know yet, so a client may announce itself again after a restart.
 *
 * @param user the user the agent acts for
 * @param agent the agent's name, at most 64 characters
 * @param id the session id, or {@code null} to generate one
 * @param ide the client the agent runs in, or {@code null}
 * @param cwd the working directory, or {@code null}
 * @param repoRoot the repository root, or {@code null}
 * @param branch the branch, or {@code null}
 */
public record SessionStart(
        UserId user, String agent, SessionId id, String ide, String cwd, String repoRoot, String branch) {

    /** Checks the required components; the rest is validated by the registry. */
    public SessionStart {
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(agent, "agent");
    }

    /** A new session of {@code agent} for {@code user} with a generated id and nothing else known. */
    public static SessionStart of(String user, String agent) {
        return new SessionStart(UserId.of(user), agent, null, null, null, null, null);
    }

    /** A copy with the given session id. */
    public SessionStart withId(SessionId newId) {
        return new SessionStart(user, agent, newId, ide, cwd, repoRoot, branch);
    }

    /** A copy with the given client name. */
    public SessionStart withIde(String newIde) {
        return new SessionStart(user, agent, id, newIde, cwd, repoRoot, branch);
    }

    /** A copy with the given working directory. */
    public SessionStart withCwd(String newCwd) {
        return new SessionStart(user, agent, id, ide, newCwd, repoRoot, branch);
    }

    /** A copy with the given repository root and branch. */
    public SessionStart withRepo(String newRepoRoot, String newBranch) {
        return new SessionStart(user, agent, id, ide, cwd, newRepoRoot, newBranch);
    }
}
