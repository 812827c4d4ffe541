package dev.colony.core.internal.session;

import dev.colony.api.Actor;
import dev.colony.api.SessionId;
import dev.colony.api.UserId;
import dev.colony.api.session.Session;
import dev.colony.api.session.Sessions;
import dev.colony.core.internal.access.Access;
import dev.colony.core.internal.access.CallerStore;
import dev.colony.core.internal.kernel.Check;
import dev.colony.core.internal.kernel.Kernel;
import dev.colony.spi.storage.StorageTransaction;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BiPredicate;
import java.util.function.Consumer;

/**
 * {@link Sessions} for one caller: sees the sessions of namespaces the access gate names readable;
 * heartbeats and ends only the caller's own.
 */
public final class CallerSessions implements Sessions {

    private static final Comparator<Session> NEWEST_FIRST = Comparator.comparing(Session::startedAt)
            .thenComparing(session -> session.id().value()).reversed();

    private final Actor actor;
    private final Kernel kernel;
    private final CallerStore store;
    private final Consumer<SessionId> onEnded;

    /**
     * The sessions seen by {@code actor}; {@code onEnded} learns of each session the caller ends, after its end
     * committed (the run registry kills the shell runs that session started here).
     */
    public CallerSessions(Actor actor, Kernel kernel, Consumer<SessionId> onEnded) {
        this.actor = Objects.requireNonNull(actor, "actor");
        this.kernel = Objects.requireNonNull(kernel, "kernel");
        this.store = kernel.store(actor.user());
        this.onEnded = Objects.requireNonNull(onEnded, "onEnded");
    }

    @Override
    public Session heartbeat(SessionId id) {
        return change(id, (tx, now) -> tx.sessions().touch(id, now));
    }

    @Override
    public Session end(SessionId id) {
        Session ended = change(id, (tx, now) -> tx.sessions().end(id, now));
        onEnded.accept(id);
        return ended;
    }

    private Session change(SessionId id, BiPredicate<StorageTransaction, Instant> change) {
        Check.required("session_id", id);
        Instant now = kernel.time().now();
        return store.write(tx -> {
            tx.requireOwnSession("session_id", id);
            if (!change.test(tx, now)) {
                throw Access.sessionNotFound("session_id", id);
            }
            return tx.sessions().find(id).orElseThrow(() -> Access.sessionNotFound("session_id", id));
        });
    }

    @Override
    public Optional<Session> find(SessionId id) {
        Check.required("session_id", id);
        return store.read(tx -> tx.sessions().find(id)
                .filter(session -> tx.canSee(session)));
    }

    @Override
    public List<Session> list(int limit) {
        Check.range("limit", limit, 1, MAX_LIST_LIMIT);
        UserId user = actor.user();
        return store.read(tx -> {
            // Sessions live in their user's personal namespace; today that is the only one a user reads.
            List<Session> visible = new ArrayList<>(tx.sessions().listByUser(user, limit));
            visible.removeIf(session -> !tx.canSee(session));
            visible.sort(NEWEST_FIRST);
            return visible;
        });
    }
}
