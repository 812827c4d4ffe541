package dev.colony.cli;

import dev.colony.api.ColonyException;
import dev.colony.hook.client.StoreLocation;
import dev.colony.launch.LaunchSettings;
import dev.colony.launch.StoreFiles;
import dev.colony.search.lucene.IndexSummary;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.spi.embedding.Embedder;
import dev.colony.store.sqlite.SqliteHealth;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code colony doctor}: the full check of a SQLite store file ({@link SqliteHealth}: every page, every
 * foreign key, the schema history) and of the search index beside it, whether the configured embedding
 * model loads here, and whether the MCP clients' configurations it finds start an existing Colony
 * ({@link ClientConfigs}), as a short report with one line per problem. It opens the
 * file without migrating or writing it, so it also runs on a file that the store refuses to open. Exit 0
 * when the store is healthy, 1 when something is wrong. The index is a cache rebuilt from the store, so
 * only an index that claims to be complete but disagrees with the store counts as wrong.
 */
@Command(name = "doctor", mixinStandardHelpOptions = true,
        description = {"Check the store file in full (every page, foreign keys, schema), its search index, the "
                + "embedding model and the MCP client configurations found, changing nothing.",
                "Exit 0 when healthy, 1 when something is wrong."})
public final class DoctorCommand implements Callable<Integer> {

    @Mixin
    StoreOptions store;

    @ParentCommand
    ColonyCli parent;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        LaunchSettings settings = parent.settings(store, null);
        if (settings.onServer()) {
            throw ColonyException.invalid("db", "colony doctor checks a SQLite store file; a PostgreSQL server "
                    + "checks its own pages");
        }
        Path database = settings.database();
        PrintWriter out = spec.commandLine().getOut();
        List<String> problems = new ArrayList<>();
        SqliteHealth health = null;
        if (Files.exists(database, LinkOption.NOFOLLOW_LINKS)) {
            if (!emptyFile(database)) {
                StoreFiles.requireExisting(database);
            }
            health = SqliteHealth.examine(database);
        }
        if (health != null && health.noStoreYet()) {
            out.println("Store " + health.file() + ": empty, created on first use (a start ended before making it).");
            emptiedStore(LuceneSearch.indexDirectoryBeside(health.file()), health.file(), problems);
        } else if (health != null) {
            problems.addAll(health.problems());
            out.println("Store " + health.file() + ": " + health.memories() + " memories, latest change "
                    + health.latestRev() + ", schema version " + health.schemaVersion()
                    + (health.schemaBehind() ? " (updated when next opened)" : "") + ".");
            if (health.abandonedBy() > 0) {
                out.println("Not closed cleanly: " + health.abandonedBy() + " process(es) ended with the store open.");
            }
            out.println("Pages, foreign keys and schema: " + (health.healthy() ? "ok." : "damaged."));
            if (health.healthy()) {
                index(out, LuceneSearch.indexDirectoryBeside(health.file()), health, problems);
            }
        } else {
            out.println("Store " + database + ": none yet; the first server or command that writes creates it.");
        }
        model(out, settings, problems);
        ClientConfigs.Report clients = ClientConfigs.check(
                Path.of(StoreLocation.userHome(parent.env(), parent.system())),
                Path.of(parent.system().getProperty("user.dir", ".")), ClientConfigs.codexHome(parent.env()));
        clients.lines().forEach(out::println);
        problems.addAll(clients.problems());
        if (problems.isEmpty()) {
            out.println("Healthy.");
        } else {
            out.println("Problems:");
            problems.forEach(problem -> out.println("  - " + problem));
            if (health != null && !health.healthy()) {
                out.println("Not healthy. Stop the processes using the store and restore " + health.file()
                        + " from a backup; what can still be read can be saved first with `colony export`.");
            } else {
                out.println("Not healthy.");
            }
        }
        out.flush();
        return problems.isEmpty() ? 0 : ColonyCli.EXIT_FAILURE;
    }

    private static boolean emptyFile(Path database) {
        try {
            return Files.isRegularFile(database, LinkOption.NOFOLLOW_LINKS) && Files.size(database) == 0;
        } catch (IOException e) {
            return false;
        }
    }

    /** An empty store file beside an index that holds memories is a lost store, which the server refuses. */
    private static void emptiedStore(Path index, Path database, List<String> problems) {
        try {
            IndexSummary.read(index).filter(summary -> summary.documents() > 0).ifPresent(summary -> problems.add(
                    "the store file " + database + " is empty but the search index " + index + " holds "
                            + summary.documents() + " memories: the store was lost; restore it from a backup"));
        } catch (IOException | RuntimeException unreadable) {
            // no index to tell
        }
    }

    /** Loads the configured embedding model, as a server would on its first search. */
    private static void model(PrintWriter out, LaunchSettings settings, List<String> problems) {
        Optional<Embedder> embedder = settings.embedder();
        if (embedder.isEmpty()) {
            out.println("Embedding model: none (" + LaunchSettings.ENV_EMBEDDING_MODEL + "=none): keyword search only.");
            return;
        }
        long start = System.nanoTime();
        try {
            embedder.get().prepare();
            out.println("Embedding model " + settings.embedding() + ": loads (" + (System.nanoTime() - start) / 1_000_000
                    + " ms).");
        } catch (RuntimeException | LinkageError e) {
            problems.add("the embedding model " + settings.embedding() + " does not load here (" + e.getMessage()
                    + "); set " + LaunchSettings.ENV_EMBEDDING_MODEL + "=none for keyword search only");
        }
    }

    /** Reports the search index beside the store; an index that claims to be complete but is not is a problem. */
    private static void index(PrintWriter out, Path directory, SqliteHealth health, List<String> problems) {
        Optional<IndexSummary> found;
        try {
            found = IndexSummary.read(directory);
        } catch (IOException | RuntimeException e) {
            out.println("Search index " + directory + ": unreadable (" + e.getMessage()
                    + "); it is rebuilt from the store when next opened.");
            return;
        }
        if (found.isEmpty()) {
            out.println("Search index " + directory + ": none yet; it is built when the store is next opened.");
            return;
        }
        IndexSummary index = found.get();
        if (!index.currentFormat() || !Objects.equals(index.storeId(), health.storeId())
                || index.watermark() > health.latestRev()) {
            out.println("Search index " + directory + ": built from another store, format or backup; it is rebuilt "
                    + "when the store is next opened.");
        } else if (index.watermark() < health.latestRev()) {
            out.println("Search index " + directory + ": " + index.documents() + " memories, "
                    + (health.latestRev() - index.watermark()) + " changes behind; it catches up when the store is "
                    + "next opened.");
        } else if (index.documents() != health.memories()) {
            problems.add("the search index " + directory + " holds " + index.documents() + " memories, the store "
                    + health.memories() + ", though it claims to be up to date: delete the directory to have it "
                    + "rebuilt");
        } else {
            out.println("Search index " + directory + ": " + index.documents() + " memories, up to date.");
        }
    }
}
