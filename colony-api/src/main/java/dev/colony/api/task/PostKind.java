package dev.colony.api.task;

import dev.colony.api.ColonyException;
import dev.colony.api.Echo;
import dev.colony.api.memory.MemoryKind;
import java.util.Locale;

/**
 * What a post on a task thread is. A post is stored as a memory of the kind with the same name, so it
 * is searchable like any other memory.
 *
 * <p>The four warning kinds ({@link #FAILED_APPROACH}, {@link #BLOCKED_PATH}, {@link #CONFLICT_WARNING},
 * {@link #REVERTED_SOLUTION}) tell other agents which concrete path not to take again.
 */
public enum PostKind {
    /** Something the poster needs answered. */
    QUESTION,
    /** An answer, usually replying to a question. */
    ANSWER,
    /** A choice that was made, with its reason. */
    DECISION,
    /** Something that stops progress. */
    BLOCKER,
    /** Anything else worth sharing on the thread; working notes are notes too. */
    NOTE,
    /** An approach that was tried and did not work. */
    FAILED_APPROACH,
    /** A path that cannot be taken (a permission, an external limit). */
    BLOCKED_PATH,
    /** Work that collides with someone else's. */
    CONFLICT_WARNING,
    /** A change that was made and then undone, and why. */
    REVERTED_SOLUTION;

    /** The lowercase wire name ({@code question}, {@code failed_approach}, …). */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The memory kind a post of this kind is stored as. */
    public MemoryKind memoryKind() {
        return MemoryKind.of(wireName());
    }

    /** Whether this kind warns others off a path (failed, blocked, conflicting or reverted). */
    public boolean isWarning() {
        return this == FAILED_APPROACH || this == BLOCKED_PATH || this == CONFLICT_WARNING
                || this == REVERTED_SOLUTION;
    }

    /**
     * The kind with this wire name.
     *
     * @param field the argument name to report in the error
     * @throws ColonyException {@code INVALID_ARGUMENT} naming {@code field} for any other name
     */
    public static PostKind fromWire(String field, String name) {
        if (name != null) {
            for (PostKind kind : values()) {
                if (kind.wireName().equals(name)) {
                    return kind;
                }
            }
        }
        throw ColonyException.invalid(field, "must be one of question, answer, decision, blocker, note, "
                + "failed_approach, blocked_path, conflict_warning, reverted_solution; was " + Echo.quoted(name));
    }
}
