package dev.colony.cli;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.core.Colony;
import dev.colony.core.archive.ArchiveSummary;
import dev.colony.mcp.EmbeddedColony;
import dev.colony.mcp.LaunchSettings;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code colony import FILE}: restores an archive written by {@code colony export} into an empty store
 * ({@code --db}, created if missing), ids included, in one transaction: a malformed archive or a store that
 * holds data is refused with nothing written.
 */
@Command(name = "import", mixinStandardHelpOptions = true,
        description = {"Restore an archive written by 'colony export' into an empty store (created if missing), "
                + "in one transaction.",
                "A malformed archive, one from another Colony version, or a store that holds data is refused and "
                        + "nothing is written."})
public final class ImportCommand implements Callable<Integer> {

    @Mixin
    StoreOptions store;

    @ParentCommand
    ColonyCli parent;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "The archive, as 'colony export' wrote it.")
    Path file;

    @Override
    public Integer call() {
        LaunchSettings settings = parent.settings(store, null);
        PrintWriter out = spec.commandLine().getOut();
        try (Reader archive = Files.newBufferedReader(file, StandardCharsets.UTF_8);
                Colony colony = EmbeddedColony.open(settings)) {
            ArchiveSummary summary = colony.archives().restore(archive);
            out.println("Imported " + summary.total() + " rows of " + summary.user().value() + "'s archive into "
                    + settings.storeLabel() + ": " + counts(summary) + ".");
            out.flush();
        } catch (NoSuchFileException e) {
            throw new ColonyException(ErrorCode.INVALID_ARGUMENT, "no archive at " + file);
        } catch (IOException e) {
            throw new UncheckedIOException("reading " + file + " failed", e);
        }
        return 0;
    }

    /** The rows of each table, as {@code memories 12, tasks 3, …}. */
    static String counts(ArchiveSummary summary) {
        return summary.rows().entrySet().stream().map(entry -> entry.getKey() + " " + entry.getValue())
                .collect(Collectors.joining(", "));
    }
}
