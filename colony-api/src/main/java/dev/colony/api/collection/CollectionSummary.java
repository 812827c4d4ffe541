package dev.colony.api.collection;

import dev.colony.api.NamespaceKind;
import java.time.Instant;
import java.util.Objects;

/**
 * A collection as one of its members sees it in a listing.
 *
 * @param slug its unique name
 * @param kind collaborative or knowledge pack
 * @param role the caller's role in it
 * @param members how many members it has
 * @param memories how many memories it holds (retracted ones not counted)
 * @param createdAt when it was created
 */
public record CollectionSummary(String slug, NamespaceKind kind, MemberRole role, int members, long memories,
        Instant createdAt) {

    /** Checks that no component is null. */
    public CollectionSummary {
        Objects.requireNonNull(slug, "slug");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(createdAt, "createdAt");
    }
}
