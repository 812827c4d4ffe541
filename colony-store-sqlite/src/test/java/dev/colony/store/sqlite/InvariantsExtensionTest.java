package dev.colony.store.sqlite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.colony.api.claim.ClaimState;
import dev.colony.spi.storage.ClaimRecords.StoredClaim;
import dev.colony.spi.storage.StorageProvider;
import dev.colony.store.tck.Fixtures;
import dev.colony.store.tck.StorageContract;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/**
 * Every store's contract test class gets the invariant checks from {@code StorageContract} with no code of its own:
 * the test after which an invariant broke fails, naming the row, and the tests before it pass. Runs a small
 * contract class through the JUnit Platform launcher, as a store module's build runs the TCK.
 */
class InvariantsExtensionTest {

    private static volatile boolean launched;

    @Test
    void theTestAfterWhichAVersionWentDownFailsNamingTheRow() {
        SummaryGeneratingListener listener = new SummaryGeneratingListener();
        LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
                .selectors(selectClass(BreakingContract.class)).build();
        launched = true;
        try {
            LauncherFactory.create().execute(request, listener);
        } finally {
            launched = false;
        }

        TestExecutionSummary summary = listener.getSummary();
        assertThat(summary.getTestsSucceededCount()).as("the test that left the store whole").isEqualTo(1);
        assertThat(summary.getFailures()).singleElement().satisfies(failure -> {
            assertThat(failure.getTestIdentifier().getDisplayName()).isEqualTo("lowersTheVersion()");
            assertThat(failure.getException()).isInstanceOf(AssertionError.class)
                    .hasMessageContaining("store invariants broken after lowersTheVersion()")
                    .hasMessageContaining("file_claims id=" + BreakingContract.claim.id()
                            + ": version went down from 2 to 1");
        });
    }

    /** A store's contract class whose second test breaks an invariant; runs only when launched by the test above. */
    @EnabledIf("launched")
    @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
    static class BreakingContract extends StorageContract {

        private static final Instant T0 = Instant.parse("2025-03-01T10:00:00Z");
        static volatile StoredClaim claim;

        static boolean launched() {
            return launched;
        }

        @Override
        protected StorageProvider openProvider(Path dir) {
            return SqliteStorageProvider.open(dir.resolve("colony.db"));
        }

        @Test
        @Order(1)
        void claimsAFileAtVersionTwo() {
            Fixtures.Writer writer = Fixtures.writer(store());
            StoredClaim first = store().write(tx -> tx.claims().insert(tx.tasks().insert(writer.namespace().id(), "t",
                    "/repo", "main", writer.session().id(), T0).id(), "src/A.java", writer.session().id(), "codex",
                    ClaimState.ACTIVE, T0, null, null, T0));
            claim = store().write(tx -> tx.claims().compareAndSet(first.inState(ClaimState.HANDOFF_PENDING,
                    T0.plusSeconds(60), null), T0)).orElseThrow();
        }

        @Test
        @Order(2)
        void lowersTheVersion() throws SQLException {
            Path file = store().location().orElseThrow();
            try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + file);
                    Statement statement = connection.createStatement()) {
                statement.execute("UPDATE file_claims SET version = 1 WHERE id = " + claim.id());
            }
        }
    }
}
