package dev.colony.cli;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.admin.ColonyAdmin;
import dev.colony.api.admin.Reembedding;
import dev.colony.core.Colony;
import dev.colony.launch.EmbeddedColony;
import dev.colony.launch.LaunchSettings;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code colony reindex}: embeds every memory of an existing store with the configured model
 * ({@code COLONY_EMBEDDING_MODEL}, by default the built-in one) that lacks its vector, after a change of
 * model or when a store filled without an embedder gets one. Progress goes to stderr; the search indexes
 * of every process pick the new vectors up through the change feed. Safe to interrupt and run again.
 */
@Command(name = "reindex", mixinStandardHelpOptions = true,
        description = {"Embed the memories of an existing store again with the configured model "
                + "(COLONY_EMBEDDING_MODEL), so that searches by meaning cover all of them.",
                "Progress on stderr; safe to interrupt and run again; other processes keep searching meanwhile."})
public final class ReindexCommand implements Callable<Integer> {

    /** Progress is printed at most this often. */
    static final long PROGRESS_NANOS = 500_000_000L;

    @Mixin
    StoreOptions store;

    @ParentCommand
    ColonyCli parent;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        LaunchSettings settings = parent.settings(store, null);
        if (settings.embedder().isEmpty()) {
            throw new ColonyException(ErrorCode.INVALID_ARGUMENT, LaunchSettings.ENV_EMBEDDING_MODEL + " is "
                    + LaunchSettings.NO_EMBEDDING + ": there is no model to embed with");
        }
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try (Colony colony = EmbeddedColony.openExisting(settings)) {
            ColonyAdmin admin = colony.admin();
            long total = admin.unembedded();
            long started = System.nanoTime();
            long[] lastPrinted = {0};
            Reembedding outcome = admin.reembed(done -> {
                long now = System.nanoTime();
                if (now - lastPrinted[0] >= PROGRESS_NANOS || done >= total) {
                    lastPrinted[0] = now;
                    err.print("\r" + bar(done, total, now - started));
                    err.flush();
                }
            });
            if (total > 0) {
                err.println();
                err.flush();
            }
            out.println("Embedded " + outcome.embedded() + " memories with " + outcome.model() + " ("
                    + settings.storeLabel() + ")" + (outcome.skipped() == 0 ? "."
                            : "; " + outcome.skipped() + " were edited meanwhile and keep the vector of their edit."));
            out.flush();
        }
        return 0;
    }

    /** One progress line: a bar, the count and the rate. */
    static String bar(long done, long total, long elapsedNanos) {
        int width = 30;
        int filled = total == 0 ? width : (int) Math.min(width, done * width / total);
        double seconds = Math.max(elapsedNanos / 1e9, 1e-3);
        return String.format(Locale.ROOT, "[%s%s] %d/%d memories, %.0f/s", "#".repeat(filled),
                " ".repeat(width - filled), done, total, done / seconds);
    }
}
