package dev.colony.store.tck;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.Namespace;
import dev.colony.api.NamespaceId;
import dev.colony.api.NamespaceKind;
import dev.colony.api.UserId;
import dev.colony.spi.storage.StorageProvider;
import org.junit.jupiter.api.Test;

/** {@link dev.colony.spi.storage.NamespaceRecords}: personal namespaces. */
public interface NamespaceContract extends StoreUnderTest {

    @Test
    default void personalNamespaceIsCreatedOnceAndFoundById() {
        StorageProvider store = store();
        UserId user = Fixtures.newUser();

        Namespace created = store.write(tx -> tx.namespaces().personal(user, Fixtures.T0));
        Namespace again = store.write(tx -> tx.namespaces().personal(user, Fixtures.T0.plusSeconds(60)));

        assertThat(created.slug()).isEqualTo(Namespace.personalSlug(user));
        assertThat(created.kind()).isEqualTo(NamespaceKind.PERSONAL);
        assertThat(created.owner()).isEqualTo(user);
        assertThat(created.createdAt()).isEqualTo(Fixtures.T0);
        assertThat(again).isEqualTo(created);
        var found = store.read(tx -> tx.namespaces().find(created.id()));
        assertThat(found).contains(created);
    }

    @Test
    default void personalNamespacesOfTwoUsersDiffer() {
        StorageProvider store = store();
        Namespace first = store.write(tx -> tx.namespaces().personal(Fixtures.newUser(), Fixtures.T0));
        Namespace second = store.write(tx -> tx.namespaces().personal(Fixtures.newUser(), Fixtures.T0));

        assertThat(first.id()).isNotEqualTo(second.id());
        assertThat(first.slug()).isNotEqualTo(second.slug());
    }

    @Test
    default void namespaceFindOfUnknownIdIsEmpty() {
        var found = store().read(tx -> tx.namespaces().find(NamespaceId.of(Long.MAX_VALUE)));
        assertThat(found).isEmpty();
    }
}
