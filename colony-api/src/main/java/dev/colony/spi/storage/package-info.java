/**
 * The storage SPI: what a database must provide for Colony to run on it.
 *
 * <p>A {@link dev.colony.spi.storage.StorageProvider} runs units of work in transactions and hands
 * each unit small facets ({@link dev.colony.spi.storage.MemoryRecords},
 * {@link dev.colony.spi.storage.SessionRecords}, …) that read and write one kind of record. Domain
 * rules (validation, access, ranking) live in {@code colony-core}, written once over this SPI; a
 * store only persists. Every store must pass the contract suite in {@code colony-store-tck}.
 *
 * <p>{@link dev.colony.api.Beta}: the facets are being narrowed (a facet per contract), so a store written outside
 * this project may need changes in a minor release.
 */
@Beta
package dev.colony.spi.storage;

import dev.colony.api.Beta;
