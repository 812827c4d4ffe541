package dev.colony.core;

import dev.colony.api.MemoryId;
import dev.colony.api.UserId;
import dev.colony.api.admin.ArchiveSink;
import dev.colony.api.admin.ArchiveSource;
import dev.colony.api.admin.ArchiveSummary;
import dev.colony.api.admin.ColonyAdmin;
import dev.colony.api.admin.DelegationPolicy;
import dev.colony.api.admin.Reembedding;
import dev.colony.core.internal.archive.Archives;
import dev.colony.core.internal.kernel.Kernel;
import dev.colony.core.internal.memory.Forgetter;
import dev.colony.core.internal.memory.Reembedder;
import dev.colony.core.internal.run.Delegation;
import dev.colony.spi.storage.ForgottenMemory;
import java.util.function.LongConsumer;

/** {@link ColonyAdmin} over one Colony's kernel: each operation is the core class that owns it. */
final class StoreAdmin implements ColonyAdmin {

    private final Kernel kernel;

    StoreAdmin(Kernel kernel) {
        this.kernel = kernel;
    }

    @Override
    public ForgottenMemory forget(MemoryId id, String by) {
        return new Forgetter(kernel).forget(id, by);
    }

    @Override
    public ForgottenMemory purge(MemoryId id, String by) {
        return new Forgetter(kernel).purge(id, by);
    }

    @Override
    public long unembedded() {
        return new Reembedder(kernel).pending();
    }

    @Override
    public Reembedding reembed(LongConsumer progress) {
        return new Reembedder(kernel).run(progress);
    }

    @Override
    public ArchiveSummary export(UserId user, ArchiveSink sink) {
        return new Archives(kernel).export(user, sink);
    }

    @Override
    public ArchiveSummary restore(ArchiveSource source) {
        return new Archives(kernel).restore(source);
    }

    @Override
    public DelegationPolicy delegation() {
        return new Delegation(kernel);
    }
}
