package dev.colony.api;

import java.time.Instant;
import java.util.Objects;

/**
 * A namespace as stored.
 *
 * @param id the namespace id
 * @param slug unique readable name ({@code user:alice} for personal namespaces)
 * @param kind personal namespace or a kind of collection
 * @param owner the user who owns it
 * @param createdAt when it was created
 */
public record Namespace(NamespaceId id, String slug, NamespaceKind kind, UserId owner, Instant createdAt) {

    /** Checks that no component is null. */
    public Namespace {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(slug, "slug");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(owner, "owner");
        Objects.requireNonNull(createdAt, "createdAt");
    }

    /** The slug of the personal namespace of {@code user}. */
    public static String personalSlug(UserId user) {
        return "user:" + user.value();
    }
}
