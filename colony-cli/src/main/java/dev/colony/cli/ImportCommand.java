package dev.colony.cli;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.admin.ArchiveSummary;
import dev.colony.archive.JsonLinesArchive;
import dev.colony.core.Colony;
import dev.colony.launch.EmbeddedColony;
import dev.colony.launch.LaunchSettings;
import dev.colony.launch.StoreFiles;
import dev.colony.store.sqlite.SqliteStorageProvider;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code colony import FILE}: restores an archive written by {@code colony export} into an empty store
 * ({@code --db}, created if missing), ids included, in one transaction: a malformed archive or a store that
 * holds data is refused with nothing written, and a store file that did not exist is not created then.
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
        if (!Files.isReadable(file) || Files.isDirectory(file)) {
            throw new ColonyException(ErrorCode.INVALID_ARGUMENT, "no archive at " + file);
        }
        ArchiveSummary summary;
        if (settings.onServer() || Files.exists(settings.database(), LinkOption.NOFOLLOW_LINKS)) {
            try (Colony colony = EmbeddedColony.open(settings)) {
                summary = restore(colony);
            }
        } else {
            summary = restoreIntoNewFile(settings.database());
        }
        PrintWriter out = spec.commandLine().getOut();
        out.println("Imported " + summary.total() + " rows of " + summary.user().value() + "'s archive into "
                + settings.storeLabel() + ": " + counts(summary) + ".");
        out.flush();
        return 0;
    }

    /** Restores the archive into {@code colony}; a refusal names the archive file. */
    private ArchiveSummary restore(Colony colony) {
        try (Reader archive = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return colony.admin().restore(JsonLinesArchive.reader(archive));
        } catch (NoSuchFileException e) {
            throw new ColonyException(ErrorCode.INVALID_ARGUMENT, "no archive at " + file);
        } catch (ColonyException e) {
            if (e.code() == ErrorCode.INVALID_ARGUMENT && "archive".equals(e.field())) {
                String problem = e.getMessage().startsWith("archive: ") ? e.getMessage().substring("archive: ".length())
                        : e.getMessage();
                throw ColonyException.invalid("archive", file + ": " + problem);
            }
            throw e;
        } catch (IOException e) {
            throw ColonyException.invalid("archive", file + ": cannot be read: " + StoreFiles.reason(e));
        }
    }

    /**
     * Restores into a store file that does not exist yet: into a new store in a private directory beside it,
     * whose file is renamed into place once the archive is in, so that a refused archive leaves no store
     * behind (nor the directory, if it was made for it).
     */
    private ArchiveSummary restoreIntoNewFile(Path database) {
        Path target = database.toAbsolutePath().normalize();
        Path directory = target.getParent();
        boolean madeDirectory = !Files.isDirectory(directory);
        StoreFiles.prepareToCreate(target);
        Path staging;
        try {
            staging = Files.createTempDirectory(directory, "." + target.getFileName() + ".import-");
        } catch (IOException e) {
            throw new ColonyException(ErrorCode.STORAGE_FAILURE, "db: cannot write in " + directory + ": "
                    + StoreFiles.reason(e), e);
        }
        Path staged = staging.resolve(target.getFileName());
        boolean placed = false;
        try {
            ArchiveSummary summary;
            try (Colony colony = Colony.builder().storage(SqliteStorageProvider.open(staged)).build()) {
                summary = restore(colony);
            }
            if (Files.exists(staged.resolveSibling(staged.getFileName() + "-wal"))) {
                throw new ColonyException(ErrorCode.STORAGE_FAILURE, "db: the imported store " + staged
                        + " was not closed cleanly; nothing was moved to " + target);
            }
            try {
                Files.move(staged, target);
            } catch (FileAlreadyExistsException e) {
                throw ColonyException.invalid("db", target + " appeared while the archive was imported; "
                        + "import into an empty store");
            } catch (IOException e) {
                throw new ColonyException(ErrorCode.STORAGE_FAILURE, "db: cannot move the imported store to "
                        + target + ": " + StoreFiles.reason(e), e);
            }
            placed = true;
            return summary;
        } finally {
            removeQuietly(staging);
            if (madeDirectory && !placed) {
                removeQuietly(directory);
            }
        }
    }

    /** Deletes {@code path} and what it holds; says so on stderr when it cannot. */
    private void removeQuietly(Path path) {
        try (Stream<Path> tree = Files.walk(path)) {
            for (Path each : tree.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(each);
            }
        } catch (IOException | UncheckedIOException e) {
            spec.commandLine().getErr().println("colony: could not remove " + path + ": "
                    + (e instanceof IOException io ? StoreFiles.reason(io) : e.getMessage()));
        }
    }

    /** The rows of each table, as {@code memories 12, tasks 3, …}. */
    static String counts(ArchiveSummary summary) {
        return summary.rows().entrySet().stream().map(entry -> entry.getKey() + " " + entry.getValue())
                .collect(Collectors.joining(", "));
    }
}
