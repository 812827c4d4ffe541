package dev.colony.store.tck;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.spi.storage.StorageProvider;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Checks {@link StoreInvariants} after every contract test, failing the test with each violation found. {@link
 * StorageContract} registers it, so every store variant runs it with no code of its own.
 *
 * <p>It checks the store the test class shares, whose versions and change feed it follows from test to test, and
 * every store the test opened itself and left open, once per database (several providers may open one). A store
 * the test closed is skipped; a store that is not a SQL store of {@code colony-store-jdbc} is not checked (see
 * {@link StoreInvariants}), nor is any store when that module, an optional dependency of the TCK, is not on the
 * test class path.
 */
public final class InvariantsExtension implements BeforeEachCallback, AfterEachCallback {

    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(
            InvariantsExtension.class);
    private static final String OPENED_BEFORE = "opened-before";
    private static final String FOLLOWED = "followed";
    /** Whether the SQL stores' shared module, through which the checks read rows, is on the class path. */
    private static final boolean SQL_STORES = present("dev.colony.store.jdbc.ReadOnlyQueries");

    /** Created by JUnit. */
    public InvariantsExtension() {
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        if (context.getRequiredTestInstance() instanceof StorageContract contract) {
            context.getStore(NAMESPACE).put(OPENED_BEFORE, contract.openedStores().size());
        }
    }

    @Override
    public void afterEach(ExtensionContext context) {
        if (!SQL_STORES) {
            return;
        }
        StoreUnderTest test = (StoreUnderTest) context.getRequiredTestInstance();
        List<StorageProvider> stores = new ArrayList<>();
        stores.add(test.store());
        if (test instanceof StorageContract contract) {
            List<StorageProvider> opened = contract.openedStores();
            Integer before = context.getStore(NAMESPACE).get(OPENED_BEFORE, Integer.class);
            for (StorageProvider provider : opened.subList(before == null ? 0 : before, opened.size())) {
                if (provider != test.store()) {
                    stores.add(provider);
                }
            }
        }
        Map<StorageProvider, StoreInvariants> followed = followed(context);
        List<String> violations = new ArrayList<>();
        Set<String> databases = new HashSet<>();
        for (StorageProvider store : stores) {
            try {
                String database = store.storeId();
                if (databases.contains(database)) {
                    continue; // checked through another provider of the same database
                }
                StoreInvariants invariants = followed.computeIfAbsent(store, StoreInvariants::new);
                invariants.check().forEach(violation -> violations.add(store + ": " + violation));
                databases.add(database);
            } catch (ColonyException e) {
                if (e.code() != ErrorCode.CLOSED) {
                    throw e;
                }
            }
        }
        if (!violations.isEmpty()) {
            throw new AssertionError("store invariants broken after " + context.getDisplayName() + ":\n  "
                    + String.join("\n  ", violations));
        }
    }

    private static boolean present(String className) {
        try {
            Class.forName(className, false, InvariantsExtension.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    /** The stores followed for the test class, each with what its previous check saw. */
    @SuppressWarnings("unchecked")
    private static Map<StorageProvider, StoreInvariants> followed(ExtensionContext context) {
        ExtensionContext classContext = context.getParent().orElse(context);
        return classContext.getStore(NAMESPACE).getOrComputeIfAbsent(FOLLOWED,
                key -> new IdentityHashMap<StorageProvider, StoreInvariants>(), Map.class);
    }
}
