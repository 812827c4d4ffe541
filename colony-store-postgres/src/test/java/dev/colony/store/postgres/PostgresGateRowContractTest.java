package dev.colony.store.postgres;

import dev.colony.spi.storage.StorageProvider;
import dev.colony.store.tck.ChangeFeedContract;
import dev.colony.store.tck.ConcurrencyContract;
import dev.colony.store.tck.OrderedVisibilityContract;
import dev.colony.store.tck.StorageContract;
import java.nio.file.Path;

/** The contracts about concurrent writers, on PostgreSQL with the gate row instead of the advisory lock. */
class PostgresGateRowContractTest extends StorageContract
        implements ConcurrencyContract, ChangeFeedContract, OrderedVisibilityContract {

    @Override
    protected StorageProvider openProvider(Path dir) {
        return PostgresStorageProvider.open(PostgresTestServer.databaseFor(dir),
                PostgresOptions.defaults().withWriteGate(WriteGate.GATE_ROW));
    }
}
