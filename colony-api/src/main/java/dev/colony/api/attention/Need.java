package dev.colony.api.attention;

import dev.colony.api.baton.Baton;
import dev.colony.api.baton.BatonKind;
import dev.colony.api.baton.RelayReason;
import dev.colony.api.message.Message;
import java.util.Optional;

/**
 * Something that waits for the caller's own action, in the order it should act: declared most urgent first.
 * The attention inbox's next action, the autopilot's decision and the startup panel all follow
 * {@link Attention#needs()}, so that none says nothing needs the caller while another lists something.
 * Blockers, stalled lanes, other sessions' claims, hot files and messages sent for information only are
 * context worth a look, not needs.
 */
public enum Need {
    /** A handoff addressed to the caller, or a relay for another reason than quota. */
    HANDOFF,
    /** A relay of an agent out of quota, whose claims wait for a taker. */
    QUOTA_RELAY,
    /** An unread message whose sender cannot go on until the caller acts. */
    BLOCKING_MESSAGE,
    /** An unread message whose sender waits for an answer. */
    REPLY,
    /** A run addressed to the caller's agent that no session took. */
    RUN_FOR_YOU,
    /** A run the caller's agent delegated that ended and was not collected. */
    ENDED_RUN;

    /** The need a baton addressed to the caller is. */
    public static Need of(Baton baton) {
        return baton.kind() == BatonKind.RELAY && baton.reason() == RelayReason.QUOTA ? QUOTA_RELAY : HANDOFF;
    }

    /** The need an unread message is: none for a message sent for information. */
    public static Optional<Need> of(Message message) {
        return switch (message.urgency()) {
            case BLOCKING -> Optional.of(BLOCKING_MESSAGE);
            case NEEDS_REPLY -> Optional.of(REPLY);
            case FYI -> Optional.empty();
        };
    }
}
