package dev.colony.core.kernel;

import dev.colony.api.claim.ClaimPolicy;
import dev.colony.core.access.Access;
import dev.colony.spi.embedding.Embedder;
import dev.colony.spi.search.SearchIndex;
import dev.colony.spi.storage.StorageProvider;
import java.util.Objects;
import java.util.Optional;

/**
 * What every per-caller service of one Colony is built from: the store, the clock, the access gate,
 * and the optional search index and embedder. One kernel per Colony; a service is a caller plus this.
 *
 * <p>Wiring for colony-core's own services, not an API for users: nothing in the public API
 * ({@code Colony}, {@code CallerScope} and the service interfaces) exposes it.
 *
 * @param storage the store, the single source of truth
 * @param time the injected clock
 * @param access the access gate
 * @param index the search index, when configured
 * @param embedder the embedder, when configured
 * @param claimPolicy the rules for file claims (age classes, idle owners, protected branches)
 */
public record Kernel(
        StorageProvider storage, TimeSource time, Access access, Optional<SearchIndex> index,
        Optional<Embedder> embedder, ClaimPolicy claimPolicy) {

    /** Checks that every component is present. */
    public Kernel {
        Objects.requireNonNull(storage, "storage");
        Objects.requireNonNull(time, "time");
        Objects.requireNonNull(access, "access");
        Objects.requireNonNull(index, "index");
        Objects.requireNonNull(embedder, "embedder");
        Objects.requireNonNull(claimPolicy, "claimPolicy");
    }
}
