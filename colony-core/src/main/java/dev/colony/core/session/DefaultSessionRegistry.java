package dev.colony.core.session;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.SessionId;
import dev.colony.api.UserId;
import dev.colony.api.session.Session;
import dev.colony.api.session.SessionRegistry;
import dev.colony.api.session.SessionStart;
import dev.colony.core.internal.Check;
import dev.colony.core.internal.PersonalNamespaces;
import dev.colony.core.internal.SessionOwners;
import dev.colony.core.internal.TimeSource;
import dev.colony.spi.storage.StorageProvider;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** {@link SessionRegistry} over a storage provider. */
public final class DefaultSessionRegistry implements SessionRegistry {

    /** Maximum length of the ide, cwd, repo root and branch fields. */
    public static final int MAX_FIELD_CHARS = 1_024;

    private final StorageProvider storage;
    private final TimeSource time;
    private final PersonalNamespaces namespaces;
    private final SessionOwners owners;

    /** A registry over {@code storage}; the helpers are shared with the other services. */
    public DefaultSessionRegistry(
            StorageProvider storage, TimeSource time, PersonalNamespaces namespaces, SessionOwners owners) {
        this.storage = storage;
        this.time = time;
        this.namespaces = namespaces;
        this.owners = owners;
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
        Instant now = time.now();
        Session stored = storage.write(tx -> {
            Optional<Session> existing = tx.sessions().find(id);
            if (existing.isPresent() && !existing.get().user().equals(user)) {
                throw new ColonyException(ErrorCode.FORBIDDEN,
                        "session_id: session " + id + " belongs to another user");
            }
            namespaces.resolve(tx, user);
            return tx.sessions().upsert(new Session(id, user, agent, ide, cwd, repoRoot, branch, now, null, now));
        });
        owners.remember(stored);
        return stored;
    }

    @Override
    public Session heartbeat(SessionId id) {
        Check.required("session_id", id);
        Instant now = time.now();
        return storage.write(tx -> {
            if (!tx.sessions().touch(id, now)) {
                throw SessionOwners.missing("session_id", id);
            }
            return tx.sessions().find(id).orElseThrow(() -> SessionOwners.missing("session_id", id));
        });
    }

    @Override
    public Session end(SessionId id) {
        Check.required("session_id", id);
        Instant now = time.now();
        return storage.write(tx -> {
            if (!tx.sessions().end(id, now)) {
                throw SessionOwners.missing("session_id", id);
            }
            return tx.sessions().find(id).orElseThrow(() -> SessionOwners.missing("session_id", id));
        });
    }

    @Override
    public Optional<Session> find(SessionId id) {
        Check.required("session_id", id);
        return storage.read(tx -> tx.sessions().find(id));
    }

    @Override
    public List<Session> list(UserId user, int limit) {
        Check.required("user", user);
        Check.range("limit", limit, 1, MAX_LIST_LIMIT);
        return storage.read(tx -> tx.sessions().listByUser(user, limit));
    }
}
