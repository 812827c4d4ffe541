package dev.colony.core.internal.session;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.SessionId;
import dev.colony.api.UserId;
import dev.colony.api.session.Session;
import dev.colony.api.session.SessionRegistry;
import dev.colony.api.session.SessionStart;
import dev.colony.core.internal.kernel.Check;
import dev.colony.core.internal.kernel.Kernel;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * {@link SessionRegistry}: announces sessions. The user of a session is asserted by the host that
 * embeds Colony (the MCP server's launch settings, an application's login), not authenticated here;
 * what a session may then see is decided by the access gate.
 */
public final class SessionLauncher implements SessionRegistry {

    /** Maximum length of the ide, cwd, repo root and branch fields. */
    public static final int MAX_FIELD_CHARS = 1_024;

    private final Kernel kernel;

    /** The launcher of one Colony. */
    public SessionLauncher(Kernel kernel) {
        this.kernel = Objects.requireNonNull(kernel, "kernel");
    }

    @Override
    public Session ensure(SessionStart start) {
        Check.required("session", start);
        UserId user = Check.required("user", start.user());
        String agent = Check.text("agent", start.agent(), 64);
        SessionId id = start.id() != null ? start.id() : SessionId.random(agent);
        String ide = Check.optionalText("ide", start.ide(), MAX_FIELD_CHARS);
        String cwd = Check.optionalText("cwd", start.cwd(), MAX_FIELD_CHARS);
        String repoRoot = Check.optionalText("repo_root", start.repoRoot(), MAX_FIELD_CHARS);
        String branch = Check.optionalText("branch", start.branch(), MAX_FIELD_CHARS);
        Instant now = kernel.time().now();
        return kernel.store(user).write(tx -> {
            Optional<Session> existing = tx.sessions().find(id);
            if (existing.isPresent() && !existing.get().user().equals(user)) {
                throw ColonyException.about(ErrorCode.FORBIDDEN, "session_id",
                        "session " + id + " belongs to another user");
            }
            tx.writable();
            Session stored = tx.sessions().upsert(new Session(id, user, agent, ide, cwd, repoRoot, branch, now, null, now));
            tx.learn(stored);
            return stored;
        });
    }
}
