package dev.colony.examples;

import dev.colony.api.Actor;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.SearchHit;
import dev.colony.api.memory.SearchQuery;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.store.sqlite.SqliteStorageProvider;
import java.nio.file.Path;
import java.util.List;

/**
 * The README quick start: open a store, start a session, remember a decision, find it again.
 */
public final class QuickStart {

    private QuickStart() {
    }

    /**
     * Runs the quick start against {@code db} and returns the hits, so a test can check them.
     *
     * @param db the SQLite database file to create or open
     */
    public static List<SearchHit> run(Path db) {
        // --- README quick start: begin ---
        try (Colony colony = Colony.builder()
                .storage(SqliteStorageProvider.open(db))
                .search(LuceneSearch.besideStore())
                .build()) {
            Actor me = colony.sessions().ensure(SessionStart.of("alice", "claude-code")).actor();
            colony.as(me).memories().add(MemoryDraft.of(MemoryKind.DECISION,
                    "Auth tokens are JWTs signed with RS256, so the gateway can verify them offline"));
            return colony.as(me).memories().search(SearchQuery.of("how does the gateway verify tokens"));
        }
        // --- README quick start: end ---
    }

    /**
     * Runs the quick start on {@code colony-quickstart.db} in the working directory (or the path
     * given as the first argument) and prints the hits.
     */
    public static void main(String[] args) {
        Path db = Path.of(args.length > 0 ? args[0] : "colony-quickstart.db");
        run(db).forEach(hit -> System.out.println(hit.id() + " " + hit.kind() + " " + hit.snippet()));
    }
}
