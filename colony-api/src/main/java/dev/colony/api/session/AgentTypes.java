package dev.colony.api.session;

import java.util.Locale;

/**
 * The one rule for an agent's type: the leading run of letters and digits of its name, lower-cased, so
 * that {@code claude-code} and {@code Claude} are both {@code claude} and {@code codex-cli} is
 * {@code codex}.
 *
 * <p>Sessions of one agent type form one lane: they may refresh each other's claims, and a baton or
 * message addressed to a name reaches every agent of that name's type. Claims, batons and messages all
 * ask this class, so an agent is never of one type for claims and of another for its inbox.
 */
public final class AgentTypes {

    /** The broadcast address: any agent may take what is sent to it. */
    public static final String ANY = "any";

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

    /** Whether {@code addressee} is the broadcast address {@value #ANY} (in any case). */
    public static boolean isAny(String addressee) {
        return ANY.equalsIgnoreCase(addressee.strip());
    }

    /** Whether something addressed to {@code addressee} ({@code any}, a name or a type) may go to {@code agent}. */
    public static boolean addresses(String addressee, String agent) {
        return isAny(addressee) || of(addressee).equals(of(agent));
    }
}
