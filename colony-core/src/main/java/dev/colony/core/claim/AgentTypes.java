package dev.colony.core.claim;

import java.util.Locale;

/**
 * The agent type of an agent name: its leading run of letters and digits, lower-cased, so that
 * {@code claude-code} and {@code Claude} are both {@code claude} and {@code codex-cli} is {@code codex}.
 * Sessions of one agent type form one lane: they may refresh each other's claims.
 */
public final class AgentTypes {

    private AgentTypes() {
    }

    /** The agent type of {@code agent}. */
    public static String of(String agent) {
        String lower = agent.strip().toLowerCase(Locale.ROOT);
        int end = 0;
        while (end < lower.length() && Character.isLetterOrDigit(lower.charAt(end))) {
            end++;
        }
        return end == 0 ? lower : lower.substring(0, end);
    }

    /** Whether a baton addressed to {@code addressee} ({@code any}, a name or a type) may go to {@code agent}. */
    public static boolean addresses(String addressee, String agent) {
        return "any".equalsIgnoreCase(addressee) || of(addressee).equals(of(agent));
    }
}
