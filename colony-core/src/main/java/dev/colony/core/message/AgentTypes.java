package dev.colony.core.message;

import dev.colony.api.message.Messages;
import java.util.Locale;

/**
 * The agent type of an agent name: what message addressing matches on, so that a message to
 * {@code claude} reaches the agent {@code claude-code} and one to {@code codex} reaches {@code codex-cli}.
 */
final class AgentTypes {

    private AgentTypes() {
    }

    /** The lower-cased part of {@code agent} before its first {@code -}, {@code _}, {@code .} or space. */
    static String of(String agent) {
        String lower = agent.strip().toLowerCase(Locale.ROOT);
        for (int i = 0; i < lower.length(); i++) {
            char c = lower.charAt(i);
            if (i > 0 && (c == '-' || c == '_' || c == '.' || c == ' ')) {
                return lower.substring(0, i);
            }
        }
        return lower;
    }

    /** Whether {@code addressee} is the broadcast address. */
    static boolean isAny(String addressee) {
        return Messages.ANY_AGENT.equals(addressee);
    }
}
