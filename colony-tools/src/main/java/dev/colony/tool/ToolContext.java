package dev.colony.tool;

import dev.colony.api.Actor;
import dev.colony.api.CallerScope;
import dev.colony.api.SessionId;
import dev.colony.api.UserId;
import dev.colony.api.memory.MemoryStore;
import dev.colony.api.session.Session;
import dev.colony.api.session.Sessions;
import dev.colony.api.task.TaskThreads;
import dev.colony.core.Colony;
import java.util.Objects;

/**
 * What a tool call acts on and as whom: the Colony, and the identity of the server's agent (user,
 * agent name and the session the server announced at start-up).
 *
 * @param colony the Colony the server mounts
 * @param user the user the server acts for; every read is limited to this user's namespaces
 * @param agent the agent name of the server's session
 * @param session the server's own session; writes are attributed to it unless a tool says otherwise
 * @param defaultCollection the collection memories go to when a call names none, or {@code null} for the
 *     caller's personal namespace
 * @param questions the way to ask the client's user a question (elicitation), once the client declares it
 */
public record ToolContext(Colony colony, UserId user, String agent, SessionId session, String defaultCollection,
        UserQuestions questions) {

    /** Checks that no required component is null. */
    public ToolContext {
        Objects.requireNonNull(colony, "colony");
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(agent, "agent");
        Objects.requireNonNull(session, "session");
        Objects.requireNonNull(questions, "questions");
    }

    /** A context whose client has not yet said whether it answers questions. */
    public ToolContext(Colony colony, UserId user, String agent, SessionId session, String defaultCollection) {
        this(colony, user, agent, session, defaultCollection, new UserQuestions());
    }

    /** A context without a default collection. */
    public ToolContext(Colony colony, UserId user, String agent, SessionId session) {
        this(colony, user, agent, session, null);
    }

    /** The collection a call writes into: the one it names, else the default one, else {@code null} (personal). */
    public String collection(String named) {
        return named != null ? named : defaultCollection;
    }

    /** The server's actor. */
    public Actor actor() {
        return new Actor(user, agent, session);
    }

    /** Everything the server's actor may do. */
    public CallerScope scope() {
        return colony.as(actor());
    }

    /** Memory as seen by the server's actor. */
    public MemoryStore memories() {
        return colony.as(actor()).memories();
    }

    /** Sessions as seen by the server's actor. */
    public Sessions sessions() {
        return colony.as(actor()).sessions();
    }

    /** Task threads as seen by the server's actor. */
    public TaskThreads tasks() {
        return colony.as(actor()).tasks();
    }

    /**
     * The caller a tool call names: the server's user in the session named by {@code sessionId} (the
     * server's own when {@code null}), as the agent named by {@code agent}, else the agent that session
     * was started by. Tools act as the server's own session ({@link #scope()}); the few that name another
     * session for their own purpose ({@code recall_session}'s audit record) ask this, and the core then refuses a
     * session that does not exist or belongs to another user.
     *
     * @throws dev.colony.api.ColonyException {@code INVALID_ARGUMENT} naming {@code session_id} when
     *     {@code sessionId} is not a session id
     */
    public CallerScope caller(String sessionId, String agent) {
        return caller(ToolArguments.session("session_id", sessionId), agent);
    }

    /** The caller in session {@code named} (the server's own when {@code null}); see {@link #caller(String, String)}. */
    public CallerScope caller(SessionId named, String agent) {
        if (named == null || named.equals(session)) {
            return colony.as(new Actor(user, agent == null ? this.agent : agent, session));
        }
        String name = agent != null ? agent : sessions().find(named).map(Session::agent).orElse(this.agent);
        return colony.as(new Actor(user, name, named));
    }
}
