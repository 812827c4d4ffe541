package dev.colony.api.run;

import java.util.Locale;

/** What executes a run; its letter starts the run's id. */
public enum RunKind {
    /** A shell command the library executes. */
    SHELL('b'),
    /** A job for an agent: an in-process runner, or the target agent's session picking it up. */
    AGENT('a'),
    /** A job for an agent on another machine. */
    REMOTE_AGENT('r'),
    /** A job for a teammate agent. */
    TEAMMATE('t'),
    /** A workflow of steps. */
    WORKFLOW('w'),
    /** A watch over something that reports when it changes. */
    MONITOR('m'),
    /** Background consolidation work. */
    DREAM('d');

    private final char letter;

    RunKind(char letter) {
        this.letter = letter;
    }

    /** The letter that starts ids of this kind. */
    public char letter() {
        return letter;
    }

    /** The lowercase name used on the wire and in the store. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The kind stored as {@code wireName}. */
    public static RunKind fromWire(String wireName) {
        return valueOf(wireName.toUpperCase(Locale.ROOT));
    }

    /** The kind whose ids start with {@code letter}, if any. */
    public static RunKind ofLetter(char letter) {
        for (RunKind kind : values()) {
            if (kind.letter == letter) {
                return kind;
            }
        }
        return null;
    }
}
