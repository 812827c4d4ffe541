package dev.colony.cli;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.admin.ArchiveSummary;
import dev.colony.archive.JsonLinesArchive;
import dev.colony.core.Colony;
import dev.colony.launch.EmbeddedColony;
import dev.colony.launch.LaunchSettings;
import dev.colony.launch.StoreFiles;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
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
 * names a file, which must not exist unless {@code --force} is given; the summary goes to stderr, so that
 * stdout holds the archive alone.
 */
@Command(name = "export", mixinStandardHelpOptions = true,
        description = {"Write everything the user may read (memories with vectors, tasks, collections and their "
                + "members, pending signals) as JSON lines, for 'colony import' into an empty store.",
                "To stdout unless --out names a file (never replaced without --force); a summary on stderr."})
public final class ExportCommand implements Callable<Integer> {

    @Mixin
    StoreOptions store;

    @ParentCommand
    ColonyCli parent;

    @Spec
    CommandSpec spec;

    @Option(names = "--out", paramLabel = "FILE", description = "The file to write; an existing file is refused "
            + "unless --force.")
    Path out;

    @Option(names = "--force", description = "Replace the --out file if it exists.")
    boolean force;

    @Override
    public Integer call() {
        LaunchSettings settings = parent.settings(store, null);
        PrintWriter err = spec.commandLine().getErr();
        if (out != null && !force && Files.exists(out, LinkOption.NOFOLLOW_LINKS)) {
            throw refusedOverwrite();
        }
        try (Colony colony = EmbeddedColony.openExisting(settings)) {
            ArchiveSummary summary;
            if (out == null) {
                PrintWriter stdout = spec.commandLine().getOut();
                summary = colony.admin().export(settings.user(), JsonLinesArchive.writer(stdout));
            } else {
                summary = exportToFile(colony, settings);
            }
            err.println("Exported " + summary.total() + " rows for " + summary.user().value() + " from "
                    + settings.storeLabel() + ": " + ImportCommand.counts(summary) + (out == null ? "" : " to " + out));
            err.flush();
        }
        return 0;
    }

    /**
     * Writes the archive beside {@link #out} and renames it into place once complete, so that a failed export
     * leaves no partial file and, without {@code --force}, never replaces one that appeared meanwhile.
     */
    private ArchiveSummary exportToFile(Colony colony, LaunchSettings settings) {
        Path target = out.toAbsolutePath();
        Path partial = null;
        try {
            partial = Files.createTempFile(target.getParent(), "." + target.getFileName(), ".partial");
            ArchiveSummary summary;
            try (Writer file = new OutputStreamWriter(Files.newOutputStream(partial), StandardCharsets.UTF_8)) {
                summary = colony.admin().export(settings.user(), JsonLinesArchive.writer(file));
            }
            if (force) {
                Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } else {
                Files.move(partial, target);
            }
            return summary;
        } catch (FileAlreadyExistsException e) {
            throw refusedOverwrite();
        } catch (IOException e) {
            throw new ColonyException(ErrorCode.INVALID_ARGUMENT, "out: cannot write " + out + ": "
                    + StoreFiles.reason(e), e);
        } finally {
            if (partial != null) {
                try {
                    Files.deleteIfExists(partial);
                } catch (IOException e) {
                    spec.commandLine().getErr().println("colony: could not remove " + partial + ": "
                            + StoreFiles.reason(e));
                }
            }
        }
    }

    private ColonyException refusedOverwrite() {
        return ColonyException.invalid("out", out + " exists; pass --force to replace it");
    }
}
