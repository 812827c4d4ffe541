package dev.colony.api.spec;

import java.util.Locale;

/** What recording a build failure led to. */
public enum FailureAction {
    /** The failure was recorded; its signature has not reached the promotion threshold. */
    LOGGED,
    /** The signature reached the threshold and a {@code §V} invariant was proposed for it. */
    PROPOSED,
    /** The signature was proposed before; the caller's session backs that proposal ({@code rediscovered}). */
    REINFORCED;

    /** The lowercase wire name. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
