package dev.colony.mcp.tool.memory;

import dev.colony.api.ColonyException;
import dev.colony.api.SessionId;

/** Session ids read from tool arguments, with errors reported under the caller's argument name. */
final class SessionIds {

    private SessionIds() {
    }

    /** The session id in {@code value}, or {@code null} for null; errors name {@code field}. */
    static SessionId of(String field, String value) {
        if (value == null) {
            return null;
        }
        try {
            return SessionId.of(value);
        } catch (ColonyException e) {
            String problem = e.getMessage();
            String prefix = e.field() + ": ";
            throw ColonyException.invalid(field, problem.startsWith(prefix) ? problem.substring(prefix.length())
                    : problem);
        }
    }
}
