package dev.colony.api.baton;

import dev.colony.api.MemoryId;
import java.util.List;

/**
 * What one release of expired quota-pending claims changed. Releasing again changes nothing more.
 *
 * @param weakenedFiles files whose pending claims this call weakened (one audit memory each)
 * @param expiredBatons batons this call wrote back as expired
 */
public record QuotaRelease(List<String> weakenedFiles, List<MemoryId> expiredBatons) {

    /** Copies the lists. */
    public QuotaRelease {
        weakenedFiles = List.copyOf(weakenedFiles);
        expiredBatons = List.copyOf(expiredBatons);
    }
}
