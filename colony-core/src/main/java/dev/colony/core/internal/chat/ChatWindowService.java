package dev.colony.core.internal.chat;

import dev.colony.api.Actor;
import dev.colony.api.ColonyException;
import dev.colony.api.TextRule;
import dev.colony.api.chat.ChatWindows;
import dev.colony.core.internal.kernel.Check;
import dev.colony.core.internal.kernel.Kernel;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * {@link ChatWindows} for one caller: windows live in the personal namespace of the caller's user, which the
 * access gate resolves. A read by a user who never wrote has no namespace and finds nothing; a replace is one
 * write transaction, so a window is never half of one save and half of another.
 */
public final class ChatWindowService implements ChatWindows {

    private final Actor actor;
    private final Kernel kernel;

    /** The chat windows of {@code actor}'s user. */
    public ChatWindowService(Actor actor, Kernel kernel) {
        this.actor = Objects.requireNonNull(actor, "actor");
        this.kernel = Objects.requireNonNull(kernel, "kernel");
    }

    @Override
    public Optional<String> find(String windowId) {
        String id = windowId(windowId);
        return kernel.store(actor.user()).read(tx -> tx.personal()
                .flatMap(namespace -> tx.chatWindows().find(namespace, id)));
    }

    @Override
    public void replace(String windowId, String messages) {
        String id = windowId(windowId);
        Check.required("messages", messages);
        TextRule.freeText("messages", messages);
        if (messages.length() > MAX_MESSAGES_LENGTH) {
            throw ColonyException.invalid("messages", "a window holds at most " + MAX_MESSAGES_LENGTH
                    + " characters, was " + messages.length() + "; keep fewer messages in it");
        }
        kernel.store(actor.user()).write(tx -> {
            tx.chatWindows().save(tx.writable(), id, messages, kernel.time().now());
            return null;
        });
    }

    @Override
    public boolean delete(String windowId) {
        String id = windowId(windowId);
        return kernel.store(actor.user()).write(tx -> tx.personal()
                .map(namespace -> tx.chatWindows().delete(namespace, id)).orElse(false));
    }

    @Override
    public List<String> ids(String prefix) {
        Check.required("prefix", prefix);
        if (prefix.length() > MAX_ID_LENGTH) {
            throw ColonyException.invalid("prefix", "is at most " + MAX_ID_LENGTH + " characters, was "
                    + prefix.length());
        }
        return kernel.store(actor.user()).read(tx -> tx.personal()
                .map(namespace -> tx.chatWindows().ids(namespace, prefix)).orElse(List.of()));
    }

    /** The window id as given (not stripped: "a" and "a " are two windows), if it is one. */
    private static String windowId(String windowId) {
        Check.required("windowId", windowId);
        if (Check.blank(windowId)) {
            throw ColonyException.invalid("windowId", "must not be blank");
        }
        if (windowId.length() > MAX_ID_LENGTH) {
            throw ColonyException.invalid("windowId", "is at most " + MAX_ID_LENGTH + " characters, was "
                    + windowId.length());
        }
        return TextRule.identifier("windowId", windowId);
    }
}
