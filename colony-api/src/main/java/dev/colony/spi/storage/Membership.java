package dev.colony.spi.storage;

import dev.colony.api.Namespace;
import dev.colony.api.collection.MemberRole;
import java.util.Objects;

/**
 * A user's membership of a collection, as stored.
 *
 * @param collection the collection
 * @param role the user's role there
 * @param members how many members the collection has, the user included
 */
public record Membership(Namespace collection, MemberRole role, int members) {

    /** Checks that no component is null and the count positive. */
    public Membership {
        Objects.requireNonNull(collection, "collection");
        Objects.requireNonNull(role, "role");
        if (members < 1) {
            throw new IllegalArgumentException("members must be positive, was " + members);
        }
    }
}
