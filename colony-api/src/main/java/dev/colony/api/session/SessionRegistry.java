package dev.colony.api.session;

/**
 * The front door: announces agent sessions. The {@link Session#actor() actor} of the returned
 * session is what {@code colony.as(actor)} takes; everything else a caller does with sessions goes
 * through its scope ({@link Sessions}).
 *
 * <p>Thread-safe and safe across processes sharing one store.
 */
public interface SessionRegistry {

    /**
     * Ensures the session exists: records a new one, or re-announces an existing one. Idempotent.
     *
     * <p>For an existing session the original {@code started_at} is kept and only fields that were
     * unknown ({@code null}) are filled in; {@code last_seen} moves to now. A session that belongs to
     * another user is refused with {@code FORBIDDEN}.
     *
     * @return the session as stored after the call
     */
    Session ensure(SessionStart start);
}
