package dev.colony.api.attention;

/** The attention inbox of one caller (its session and agent). Reading it never writes. */
public interface AttentionInbox {

    /**
     * What needs the caller's attention now.
     *
     * @throws dev.colony.api.ColonyException {@code SESSION_NOT_FOUND} when the caller's session is
     *     unknown; {@code INVALID_ARGUMENT} naming the field for a bad query
     */
    Attention read(AttentionQuery query);
}
