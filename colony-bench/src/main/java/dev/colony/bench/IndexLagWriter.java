package dev.colony.bench;

import dev.colony.api.Actor;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.MemoryStore;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.store.sqlite.SqliteStorageProvider;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * Process A of {@code index.lag}: opens a Colony (with its index) over the database file
 * {@code args[0]}, prints {@code READY}, then for each line {@code ADD word} adds a note holding the
 * word and prints {@code ADDED id}. It closes the Colony at end of input.
 */
public final class IndexLagWriter {

    private IndexLagWriter() {
    }

    /** Runs process A over the database file {@code args[0]}. */
    public static void main(String[] args) throws Exception {
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        try (Colony colony = Colony.builder().storage(SqliteStorageProvider.open(Path.of(args[0])))
                .search(LuceneSearch.besideStore()).build()) {
            Actor actor = colony.sessions().ensure(SessionStart.of("bench", "bench-writer")).actor();
            MemoryStore memory = colony.as(actor).memories();
            out.println("READY");
            String line;
            while ((line = in.readLine()) != null) {
                if (line.startsWith("ADD ")) {
                    long id = memory.add(MemoryDraft.of(MemoryKind.NOTE, "index lag " + line.substring(4))).id().value();
                    out.println("ADDED " + id);
                } else {
                    out.println("ERROR unknown command " + line);
                }
            }
        }
    }
}
