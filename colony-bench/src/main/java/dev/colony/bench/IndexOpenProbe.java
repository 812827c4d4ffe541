package dev.colony.bench;

import dev.colony.api.Actor;
import dev.colony.api.memory.SearchMode;
import dev.colony.api.memory.SearchQuery;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.embedding.onnx.OnnxEmbedder;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.store.sqlite.SqliteStorageProvider;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The second process of {@code index.open}: opens the store {@code args[0]} and the index beside it (with
 * the default model, its native libraries under {@code args[1]}, warmed up as the MCP server warms it,
 * unless the search is a keyword one),
 * answers one search of mode {@code args[2]} for {@code args[3]}, prints {@code HITS n}, and exits.
 */
public final class IndexOpenProbe {

    private IndexOpenProbe() {
    }

    /** Runs the probe. */
    public static void main(String[] args) {
        SearchMode mode = SearchMode.valueOf(args[2].toUpperCase(Locale.ROOT));
        Colony.Builder builder = Colony.builder().storage(SqliteStorageProvider.open(Path.of(args[0])))
                .search(LuceneSearch.besideStore());
        if (mode != SearchMode.KEYWORD) {
            // As the MCP server does: the model loads while the store and the index open.
            builder.embedder(OnnxEmbedder.of(OnnxEmbedder.DEFAULT_MODEL, Path.of(args[1]))).warmUpEmbedder(true);
        }
        try (Colony colony = builder.build()) {
            Actor actor = colony.sessions().ensure(SessionStart.of("bench", "bench")).actor();
            int hits = colony.as(actor).memories().search(SearchQuery.of(args[3]).withMode(mode)).size();
            System.out.println("HITS " + hits);
            System.out.flush();
        }
    }
}
