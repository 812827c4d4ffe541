package dev.colony.api.chat;

import java.util.List;
import java.util.Optional;

/**
 * The chat windows of the caller's user: for each window id, the messages an agent framework currently keeps in
 * its conversation memory, as one text in the framework's own serialized form (Colony does not read it).
 *
 * <p>A window is replaced whole, never appended to: frameworks hand over the complete current window after each
 * turn (older messages already evicted), so a replace in one write transaction is what keeps two processes of
 * the same conversation from interleaving halves of two windows. Windows live in the caller's personal
 * namespace: every agent of one user shares a window id, and no other user ever reads or changes it.
 *
 * <p>Bad input is refused with {@code INVALID_ARGUMENT} naming the parameter ({@code windowId},
 * {@code messages}) before anything is written.
 */
public interface ChatWindows {

    /** The longest window id, in characters. */
    int MAX_ID_LENGTH = 200;

    /** The longest stored window, in characters of its serialized messages. */
    int MAX_MESSAGES_LENGTH = 1_000_000;

    /** The window's messages as last stored, or empty when the caller's user has no window of that id. */
    Optional<String> find(String windowId);

    /** Stores {@code messages} as the whole window {@code windowId}, replacing what was there. */
    void replace(String windowId, String messages);

    /** Removes the window; whether there was one. */
    boolean delete(String windowId);

    /**
     * The ids of the caller's user's windows that start with {@code prefix} (case matters; "" lists every window),
     * in the order of their characters' codes: how an adapter lists its own conversations when several frameworks
     * share the store, each under a prefix of its own.
     */
    List<String> ids(String prefix);
}
