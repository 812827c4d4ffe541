package dev.colony.api.collection;

import dev.colony.api.ColonyException;
import dev.colony.api.MemoryId;
import dev.colony.api.Namespace;
import dev.colony.api.NamespaceKind;
import dev.colony.api.UserId;
import dev.colony.api.memory.Memory;
import java.util.List;

/**
 * The collections of the caller: create them, manage their members, list them, publish into them.
 *
 * <p>A collection the caller does not belong to is answered as if it did not exist ({@code NOT_FOUND}),
 * so that its name says nothing to outsiders. A change of membership takes effect for every process on
 * the store with the next read: nothing about membership is cached.
 */
public interface Collections {

    /** Pattern of a collection's slug: lowercase letters and digits, single hyphens inside, 2–64 long. */
    String SLUG_PATTERN = "[a-z0-9](?:-?[a-z0-9])+";
    /** The longest slug. */
    int MAX_SLUG_LENGTH = 64;

    /**
     * Creates a collection named {@code slug}, with the caller as its admin.
     *
     * @param kind {@link NamespaceKind#COLLABORATIVE} or {@link NamespaceKind#KNOWLEDGE_PACK}
     * @throws ColonyException {@code INVALID_ARGUMENT} naming {@code collection} or {@code kind} when malformed
     *     (the names {@code me} and {@code personal} are reserved), {@code CONFLICT} when the slug is taken
     */
    Namespace create(String slug, NamespaceKind kind);

    /**
     * Makes {@code user} a member of collection {@code slug} with {@code role}, or changes the role of one
     * who is already; only an admin may. Demoting the last admin is refused.
     *
     * @throws ColonyException {@code NOT_FOUND} when the caller does not belong to such a collection,
     *     {@code FORBIDDEN} when the caller is not its admin, {@code CONFLICT} when it would leave the
     *     collection without an admin
     */
    void addMember(String slug, UserId user, MemberRole role);

    /**
     * Removes {@code user} from collection {@code slug}: its reads of the collection's memories, tasks,
     * feed and signals end at once. An admin may remove anyone; any member may remove itself (leave).
     * The last admin cannot be removed.
     *
     * @return whether {@code user} was a member
     * @throws ColonyException {@code NOT_FOUND} when the caller does not belong to such a collection,
     *     {@code FORBIDDEN} when a non-admin removes someone else, {@code CONFLICT} for the last admin
     */
    boolean removeMember(String slug, UserId user);

    /** The collections the caller belongs to, with its role and their counts, by slug. */
    List<CollectionSummary> list();

    /**
     * Copies memory {@code memory} of the caller's personal namespace into collection {@code slug}, as a
     * new memory written by the caller's session (content, kind, topics and vector as they are); the
     * personal memory stays.
     *
     * @throws ColonyException {@code NOT_FOUND} when the caller cannot read the memory or does not belong
     *     to the collection, {@code INVALID_ARGUMENT} naming {@code memory_id} when the memory is not a
     *     personal one, {@code FORBIDDEN} when the caller may not write into the collection
     */
    Memory publish(MemoryId memory, String slug);
}
