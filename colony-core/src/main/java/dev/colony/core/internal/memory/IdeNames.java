package dev.colony.core.internal.memory;

import dev.colony.api.SessionId;
import dev.colony.api.session.Session;
import java.util.List;
import java.util.Locale;

/**
 * Names the client a session ran in. When the session row does not know its client, the session id
 * often does: clients name their sessions after themselves ({@code codex-…}, {@code claude-…}).
 */
final class IdeNames {

    /** Known client prefixes, longest first so that {@code claude-code} wins over {@code claude}. */
    private static final List<String[]> PREFIXES = List.of(
            new String[] {"claude-code", "claude-code"},
            new String[] {"claude", "claude-code"},
            new String[] {"codex", "codex"},
            new String[] {"cursor", "cursor"},
            new String[] {"gemini", "gemini"},
            new String[] {"windsurf", "windsurf"},
            new String[] {"copilot", "copilot"},
            new String[] {"aider", "aider"});

    static final String UNKNOWN = "unknown";

    private IdeNames() {
    }

    /** The session's client, or the one its id implies, or {@value #UNKNOWN}. */
    static String of(Session session) {
        String ide = session.ide();
        if (ide != null && !ide.isBlank() && !UNKNOWN.equalsIgnoreCase(ide)) {
            return ide;
        }
        return inferFromId(session.id());
    }

    /** The client implied by the session id's prefix, or {@value #UNKNOWN}. */
    static String inferFromId(SessionId id) {
        String value = id.value().toLowerCase(Locale.ROOT);
        for (String[] prefix : PREFIXES) {
            if (value.startsWith(prefix[0]) && (value.length() == prefix[0].length()
                    || !Character.isLetterOrDigit(value.charAt(prefix[0].length())))) {
                return prefix[1];
            }
        }
        return UNKNOWN;
    }
}
