package dev.colony.core.internal.memory;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.MemoryId;
import dev.colony.core.internal.kernel.Check;
import dev.colony.core.internal.kernel.Kernel;
import dev.colony.spi.storage.ForgottenMemory;
import java.util.Objects;

/**
 * The store owner's way to forget and purge memories (what {@code colony forget} runs): no caller's access is
 * asked, since whoever can open the store owns it. Forgetting hides a memory from every read path and keeps
 * its row for the audit trail; purging, for the day a secret was stored by mistake, also wipes its text,
 * metadata and vector from the store, and every search index drops its document and rewrites the files that
 * held it.
 */
public final class Forgetter {

    private final Kernel kernel;

    /** A forgetter over {@code kernel}'s store. */
    public Forgetter(Kernel kernel) {
        this.kernel = Objects.requireNonNull(kernel, "kernel");
    }

    /**
     * Forgets a live memory.
     *
     * @param by who forgets it, for the audit trail
     * @return the memory as the audit trail now keeps it
     * @throws ColonyException {@code NOT_FOUND} naming {@code memory_id} when no memory has this id,
     *     {@code INVALID_ARGUMENT} when it is forgotten already
     */
    public ForgottenMemory forget(MemoryId id, String by) {
        return change(id, by, false);
    }

    /**
     * Purges a memory, live or forgotten.
     *
     * @param by who purges it, for the audit trail (kept only if the memory was live until now)
     * @return the memory as the audit trail now keeps it, its content wiped
     * @throws ColonyException {@code NOT_FOUND} naming {@code memory_id} when no memory has this id,
     *     {@code INVALID_ARGUMENT} when it is purged already
     */
    public ForgottenMemory purge(MemoryId id, String by) {
        return change(id, by, true);
    }

    private ForgottenMemory change(MemoryId id, String by, boolean purge) {
        Check.required("memory_id", id);
        Check.required("by", by);
        return kernel.storage().write(tx -> {
            boolean changed = purge ? tx.memoryForgetting().purge(id, by, kernel.time().now())
                    : tx.memoryForgetting().forget(id, by, kernel.time().now());
            ForgottenMemory after = tx.memoryForgetting().forgottenMemory(id).orElseThrow(() -> ColonyException.about(
                    ErrorCode.NOT_FOUND, "memory_id", "no memory with id " + id));
            if (!changed) {
                throw ColonyException.invalid("memory_id", "memory " + id + " is " + (purge ? "purged" : "forgotten")
                        + " already");
            }
            return after;
        });
    }
}
