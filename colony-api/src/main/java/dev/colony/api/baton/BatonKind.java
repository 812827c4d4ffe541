package dev.colony.api.baton;

import java.util.Locale;

/** The two ways of passing work on. */
public enum BatonKind {
    /** A planned hand-over to a named agent type (or anyone). */
    HANDOFF,
    /** A resume baton left by a sender that may be gone. */
    RELAY;

    /** The lower-case wire name. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The kind with this wire name, or {@code null} when there is none. */
    public static BatonKind fromWire(String name) {
        for (BatonKind kind : values()) {
            if (kind.wireName().equals(name)) {
                return kind;
            }
        }
        return null;
    }
}
