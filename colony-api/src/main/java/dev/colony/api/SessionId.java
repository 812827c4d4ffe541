package dev.colony.api;

import java.util.UUID;

/**
 * The identity of one agent session: one run of one agent (an IDE window, a CLI invocation, an MCP
 * server process). Session ids are chosen by the client (e.g. {@code codex-abc-123}) or generated.
 *
 * @param value a non-blank identifier of at most 128 characters without control characters
 */
public record SessionId(String value) {

    /** Maximum length of a session id. */
    public static final int MAX_LENGTH = 128;

    /** Validates the identifier. */
    public SessionId {
        value = Ids.check("session_id", value, MAX_LENGTH);
    }

    /** Shorthand for {@code new SessionId(value)}. */
    public static SessionId of(String value) {
        return new SessionId(value);
    }

    /**
     * A fresh random session id whose prefix names the agent, so that a person reading a list of
     * sessions can tell them apart (e.g. {@code claude-code-3f9c…}). The rest is a random UUID: 122 bits from
     * the JDK's cryptographically strong generator, so that nobody can guess a session's id and take it first.
     */
    public static SessionId random(String agent) {
        String prefix = agent == null || agent.isBlank()
                ? "session"
                : agent.strip().toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9]+", "-");
        if (prefix.length() > 40) {
            prefix = prefix.substring(0, 40);
        }
        return new SessionId(prefix + "-" + UUID.randomUUID());
    }

    @Override
    public String toString() {
        return value;
    }
}
