package dev.colony.cli;

import dev.colony.core.Colony;
import dev.colony.core.archive.ArchiveSummary;
import dev.colony.mcp.EmbeddedColony;
import dev.colony.mcp.LaunchSettings;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code colony export [--out FILE]}: writes everything the user ({@code --user}) may read as JSON lines, to
 * move it into another store with {@code colony import}. The archive goes to stdout unless {@code --out}
 * names a file; the summary goes to stderr, so that stdout holds the archive alone.
 */
@Command(name = "export", mixinStandardHelpOptions = true,
        description = {"Write everything the user may read (memories with vectors, tasks, collections and their "
                + "members, pending signals) as JSON lines, for 'colony import' into an empty store.",
                "To stdout unless --out names a file; a summary on stderr."})
public final class ExportCommand implements Callable<Integer> {

    @Mixin
    StoreOptions store;

    @ParentCommand
    ColonyCli parent;

    @Spec
    CommandSpec spec;

    @Option(names = "--out", paramLabel = "FILE", description = "The file to write (replaced if it exists).")
    Path out;

    @Override
    public Integer call() {
        LaunchSettings settings = parent.settings(store, null);
        PrintWriter err = spec.commandLine().getErr();
        try (Colony colony = EmbeddedColony.openExisting(settings)) {
            ArchiveSummary summary;
            if (out == null) {
                PrintWriter stdout = spec.commandLine().getOut();
                summary = colony.archives().export(settings.user(), stdout);
            } else {
                try (Writer file = new OutputStreamWriter(Files.newOutputStream(out), StandardCharsets.UTF_8)) {
                    summary = colony.archives().export(settings.user(), file);
                } catch (IOException e) {
                    throw new UncheckedIOException("writing " + out + " failed", e);
                }
            }
            err.println("Exported " + summary.total() + " rows for " + summary.user().value() + " from "
                    + settings.storeLabel() + ": " + ImportCommand.counts(summary) + (out == null ? "" : " to " + out));
            err.flush();
        }
        return 0;
    }
}
