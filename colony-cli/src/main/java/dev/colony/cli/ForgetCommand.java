package dev.colony.cli;

import dev.colony.api.MemoryId;
import dev.colony.api.admin.ColonyAdmin;
import dev.colony.core.Colony;
import dev.colony.launch.EmbeddedColony;
import dev.colony.launch.LaunchSettings;
import dev.colony.spi.storage.ForgottenMemory;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code colony forget ID [--purge]}: the store owner forgets a memory, or purges it for real. Whoever can
 * open the store owns it, so no collection role is asked; the audit trail records the user it runs as
 * ({@code --user}, by default the operating-system user).
 * The search index of this process drops the memory before the command returns (when it is the index's
 * writer; otherwise the writing process does so in the background), and a purge rewrites the index files
 * that held it.
 */
@Command(name = "forget", mixinStandardHelpOptions = true,
        description = {"Forget a memory as the store's owner: no search, retrieval, feed or inbox shows it again, "
                + "while the store keeps it for the audit trail.",
                "With --purge, wipe it for real: its text, topics, metadata and vector leave the store and the "
                + "search index (for a secret stored by mistake)."})
public final class ForgetCommand implements Callable<Integer> {

    @Mixin
    StoreOptions store;

    @ParentCommand
    ColonyCli parent;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "ID", description = "The memory's id.")
    long id;

    @Option(names = "--purge", description = "Wipe the memory's content from the store and the index too.")
    boolean purge;

    @Override
    public Integer call() {
        LaunchSettings settings = parent.settings(store, null);
        PrintWriter out = spec.commandLine().getOut();
        try (Colony colony = EmbeddedColony.openExisting(settings)) {
            ColonyAdmin admin = colony.admin();
            String by = "owner:" + settings.user().value();
            ForgottenMemory done = purge ? admin.purge(MemoryId.of(id), by) : admin.forget(MemoryId.of(id), by);
            out.println((purge ? "Purged" : "Forgot") + " memory " + id + " (" + done.memory().kind()
                    + ", forgotten by " + done.forgottenBy() + " at " + done.forgottenAt() + ") in "
                    + settings.storeLabel() + (purge ? "; its content is wiped from the store, and the search index drops it and rewrites the "
                            + "files that held it."
                            : "; it stays in the store for the audit trail (--purge wipes it)."));
            out.flush();
        }
        return 0;
    }
}
