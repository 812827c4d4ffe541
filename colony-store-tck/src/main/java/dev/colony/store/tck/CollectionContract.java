package dev.colony.store.tck;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.Namespace;
import dev.colony.api.NamespaceKind;
import dev.colony.api.UserId;
import dev.colony.api.collection.MemberRole;
import dev.colony.spi.storage.Membership;
import dev.colony.spi.storage.StorageProvider;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * {@link dev.colony.spi.storage.NamespaceRecords} and {@link dev.colony.spi.storage.MembershipRecords}:
 * collections and their members. A slug names one namespace; the creator is the first admin; a member has one
 * role, which a second put replaces; a removed member has no role; a user's memberships list its collections by
 * slug with their member counts.
 */
public interface CollectionContract extends StoreUnderTest {

    @Test
    default void aCollectionIsCreatedOnceWithItsCreatorAsAdmin() {
        StorageProvider store = store();
        UserId owner = Fixtures.newUser();
        String slug = Fixtures.unique("team");

        Optional<Namespace> created = store.write(tx -> tx.namespaces().createCollection(slug,
                NamespaceKind.COLLABORATIVE, owner, Fixtures.T0));
        Optional<Namespace> again = store.write(tx -> tx.namespaces().createCollection(slug,
                NamespaceKind.KNOWLEDGE_PACK, Fixtures.newUser(), Fixtures.T0));

        assertThat(created).hasValueSatisfying(collection -> {
            assertThat(collection.slug()).isEqualTo(slug);
            assertThat(collection.kind()).isEqualTo(NamespaceKind.COLLABORATIVE);
            assertThat(collection.owner()).isEqualTo(owner);
            assertThat(collection.createdAt()).isEqualTo(Fixtures.T0);
        });
        assertThat(again).as("the slug is taken").isEmpty();
        Namespace collection = created.orElseThrow();
        Optional<Namespace> bySlug = store.read(tx -> tx.namespaces().findBySlug(slug));
        Optional<Namespace> byId = store.read(tx -> tx.namespaces().find(collection.id()));
        Optional<MemberRole> role = store.read(tx -> tx.membershipRecords().role(collection.id(), owner));
        int admins = store.read(tx -> tx.membershipRecords().countMembers(collection.id(), MemberRole.ADMIN));
        assertThat(bySlug).contains(collection);
        assertThat(byId).contains(collection);
        assertThat(role).contains(MemberRole.ADMIN);
        assertThat(admins).isEqualTo(1);
    }

    @Test
    default void membersHaveOneRoleUntilTheyAreRemoved() {
        StorageProvider store = store();
        UserId owner = Fixtures.newUser();
        UserId reader = Fixtures.newUser();
        Namespace collection = store.write(tx -> tx.namespaces().createCollection(
                Fixtures.unique("c"), NamespaceKind.COLLABORATIVE, owner,
                Fixtures.T0)).orElseThrow();

        store.write(tx -> {
            tx.membershipRecords().putMember(collection.id(), reader, MemberRole.READER, Fixtures.T0);
            return null;
        });
        MemberRole first = store.read(tx -> tx.membershipRecords().role(collection.id(), reader)).orElseThrow();
        store.write(tx -> {
            tx.membershipRecords().putMember(collection.id(), reader, MemberRole.MEMBER, Fixtures.T0);
            return null;
        });
        MemberRole second = store.read(tx -> tx.membershipRecords().role(collection.id(), reader)).orElseThrow();
        List<Membership> memberships = store.read(tx -> tx.membershipRecords().memberships(reader));
        boolean removed = store.write(tx -> tx.membershipRecords().removeMember(collection.id(), reader));
        boolean again = store.write(tx -> tx.membershipRecords().removeMember(collection.id(), reader));

        assertThat(first).isEqualTo(MemberRole.READER);
        assertThat(second).isEqualTo(MemberRole.MEMBER);
        assertThat(memberships).singleElement().satisfies(membership -> {
            assertThat(membership.collection()).isEqualTo(collection);
            assertThat(membership.role()).isEqualTo(MemberRole.MEMBER);
            assertThat(membership.members()).isEqualTo(2);
        });
        assertThat(removed).isTrue();
        assertThat(again).isFalse();
        Optional<MemberRole> after = store.read(tx -> tx.membershipRecords().role(collection.id(), reader));
        List<Membership> left = store.read(tx -> tx.membershipRecords().memberships(reader));
        int members = store.read(tx -> tx.membershipRecords().countMembers(collection.id(), MemberRole.MEMBER));
        assertThat(after).isEmpty();
        assertThat(left).isEmpty();
        assertThat(members).isZero();
    }

    @Test
    default void aUsersMembershipsAreListedBySlug() {
        StorageProvider store = store();
        UserId user = Fixtures.newUser();
        String base = Fixtures.unique("m");
        for (String slug : List.of(base + "b", base + "a")) {
            store.write(tx -> tx.namespaces().createCollection(slug, NamespaceKind.KNOWLEDGE_PACK, user, Fixtures.T0));
        }
        store.write(tx -> tx.namespaces().personal(user, Fixtures.T0));

        List<Membership> memberships = store.read(tx -> tx.membershipRecords().memberships(user));

        assertThat(memberships).extracting(membership -> membership.collection().slug())
                .containsExactly(base + "a", base + "b");
        assertThat(memberships).allSatisfy(membership -> assertThat(membership.role()).isEqualTo(MemberRole.ADMIN));
    }
}
