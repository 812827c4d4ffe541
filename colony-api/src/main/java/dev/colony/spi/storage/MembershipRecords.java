package dev.colony.spi.storage;

import dev.colony.api.NamespaceId;
import dev.colony.api.UserId;
import dev.colony.api.collection.MemberRole;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Reads and writes who belongs to which collection, and with what role. A collection's first member, its
 * admin, is written by {@link NamespaceRecords#createCollection} together with the collection.
 */
public interface MembershipRecords {

    /**
     * Makes {@code user} a member of {@code collection} with {@code role}, replacing the role it had.
     * Must run in a write transaction.
     */
    void putMember(NamespaceId collection, UserId user, MemberRole role, Instant now);

    /** Ends {@code user}'s membership of {@code collection}; whether it was a member. Write transaction. */
    boolean removeMember(NamespaceId collection, UserId user);

    /** The role of {@code user} in {@code collection}, when it is a member. */
    Optional<MemberRole> role(NamespaceId collection, UserId user);

    /** How many members of {@code collection} have {@code role}. */
    int countMembers(NamespaceId collection, MemberRole role);

    /** The collections {@code user} belongs to, by slug. */
    List<Membership> memberships(UserId user);

    /** The members of {@code collection} that have had a session of agent {@code agent}, by name. */
    List<UserId> membersRunning(NamespaceId collection, String agent);
}
