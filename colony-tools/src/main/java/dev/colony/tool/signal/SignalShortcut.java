package dev.colony.tool.signal;

import dev.colony.api.ColonyException;
import dev.colony.api.MemoryId;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.signal.SignalDraft;
import dev.colony.tool.ErrorView;
import dev.colony.tool.ToolContext;
import java.util.List;

/**
 * The {@code signal} parameter of the tools that write a memory: after the write, point a member of the
 * collection at the memory. The write stands whatever the signal's fate; a refused signal is reported.
 *
 * @param signalId the signal sent, or {@code null}
 * @param error why the signal was refused, or {@code null}
 */
public record SignalShortcut(Long signalId, ErrorView error) {

    /** Nothing asked, nothing sent. */
    private static final SignalShortcut NONE = new SignalShortcut(null, null);

    /**
     * Refuses a signal without a shared collection to travel through, before anything is written.
     *
     * @throws ColonyException {@code INVALID_ARGUMENT} naming {@code collection}
     */
    public static void check(String recipient, String collection) {
        if (recipient != null && (collection == null || collection.strip().equals(MemoryDraft.PERSONAL))) {
            throw ColonyException.invalid("collection", "a signal travels through a shared collection: name the "
                    + "collection it goes through");
        }
    }

    /** Signals {@code recipient} (when given) through {@code collection} about {@code memory}. */
    public static SignalShortcut send(ToolContext context, String recipient, String collection, MemoryId memory) {
        if (recipient == null) {
            return NONE;
        }
        try {
            return new SignalShortcut(context.colony().as(context.actor()).signals()
                    .send(SignalDraft.of(collection, recipient, List.of(memory))).id().value(), null);
        } catch (ColonyException refused) {
            return new SignalShortcut(null, ErrorView.of(refused));
        }
    }
}
