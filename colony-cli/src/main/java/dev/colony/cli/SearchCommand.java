package dev.colony.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.colony.api.Actor;
import dev.colony.api.ColonyException;
import dev.colony.api.Echo;
import dev.colony.api.ErrorCode;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.MemoryLimits;
import dev.colony.api.memory.SearchHit;
import dev.colony.api.memory.SearchMode;
import dev.colony.api.memory.SearchQuery;
import dev.colony.api.task.PostKind;
import dev.colony.core.Colony;
import dev.colony.launch.EmbeddedColony;
import dev.colony.launch.LaunchSettings;
import dev.colony.spi.embedding.Embedder;
import java.io.PrintWriter;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code colony search QUERY}: the same ranked, compact search the MCP {@code search} tool runs, printed
 * for a person. It reads only: no session is started, and a store that does not exist is an error
 * naming the path, never created.
 */
@Command(name = "search", mixinStandardHelpOptions = true,
        description = {"Search the memories the user may read in an existing store and print compact hits, best "
                + "first.", "Only reads: a store that does not exist is an error, never created."})
public final class SearchCommand implements Callable<Integer> {

    /** The agent name searches are attributed to (nothing is written). */
    static final String CLI_AGENT = "colony-cli";

    @Parameters(arity = "1..*", paramLabel = "QUERY", description = "Words to search for.")
    List<String> words;

    @Option(names = {"-n", "--limit"}, paramLabel = "N", defaultValue = "10",
            description = "Most hits to print, 1 to " + MemoryLimits.MAX_SEARCH_LIMIT + " (default: ${DEFAULT-VALUE}).")
    int limit;

    @Option(names = {"--type", "--kind"}, paramLabel = "TYPE", description = "Only hits of this type (repeatable): "
            + "fact, preference, decision, path, task, task_done, result, question, answer, blocker, note, "
            + "failed_approach, blocked_path, conflict_warning or reverted_solution.")
    List<String> kinds;

    @Option(names = "--mode", paramLabel = "MODE", defaultValue = "hybrid",
            description = "hybrid (words and meaning, the default), keyword (words only) or vector (meaning only). "
                    + "Without an embedder (COLONY_EMBEDDING_MODEL=none) hybrid ranks by words.")
    String mode;

    @Option(names = "--json", description = "Print the hits as JSON, best first, instead of lines.")
    boolean json;

    @Mixin
    StoreOptions store;

    @ParentCommand
    ColonyCli parent;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        LaunchSettings settings = parent.settings(store, null);
        String text = String.join(" ", words);
        Set<MemoryKind> filter = kinds == null ? Set.of()
                : kinds.stream().map(SearchCommand::knownType).collect(Collectors.toSet());
        // Arguments are checked before the store is opened, so a bad one is reported as such, store or not.
        if (limit < 1 || limit > MemoryLimits.MAX_SEARCH_LIMIT) {
            throw ColonyException.invalid("limit", "must be between 1 and " + MemoryLimits.MAX_SEARCH_LIMIT
                    + ", was " + limit);
        }
        SearchMode requested = switch (mode.strip().toLowerCase(Locale.ROOT)) {
            case "hybrid" -> SearchMode.HYBRID;
            case "keyword" -> SearchMode.KEYWORD;
            case "vector" -> SearchMode.VECTOR;
            default -> throw ColonyException.invalid("mode", "must be hybrid, keyword or vector, was "
                    + Echo.quoted(mode));
        };
        PrintWriter out = spec.commandLine().getOut();
        try (Colony colony = EmbeddedColony.openExisting(settings, requested != SearchMode.KEYWORD)) {
            Actor reader = Printing.reader(settings);
            SearchMode ranked = colony.as(reader).memories().searchMode(requested);
            if (ranked != SearchMode.KEYWORD) {
                unembedded(colony, ranked, settings.embedder().map(Embedder::modelId).orElse("the embedder's model"));
            }
            List<SearchHit> hits = colony.as(reader).memories()
                    .search(SearchQuery.of(text).withLimit(limit).withKinds(filter).withMode(ranked));
            if (json) {
                out.println(json(hits));
            } else if (hits.isEmpty()) {
                out.println("No memories of " + settings.user() + " match \"" + text + "\".");
            } else {
                out.println(hits.size() + (hits.size() == 1 ? " hit" : " hits") + " for \"" + text + "\" ("
                        + settings.storeLabel() + ", user " + settings.user() + ", " + ranked.id() + "):");
                for (int i = 0; i < hits.size(); i++) {
                    SearchHit hit = hits.get(i);
                    out.println(Printing.hitLine(i + 1, hit));
                    out.println("    " + Printing.oneLine(hit.snippet()));
                }
            }
        }
        out.flush();
        return 0;
    }

    /** The hits as a JSON array, best first: their ranks, never their raw scores (see {@link Printing#hitLine}). */
    private static String json(List<SearchHit> hits) {
        ArrayNode array = Printing.jsonArray();
        for (int i = 0; i < hits.size(); i++) {
            SearchHit hit = hits.get(i);
            ObjectNode row = array.addObject();
            row.put("rank", i + 1);
            row.put("id", hit.id().value());
            row.put("type", hit.kind().name());
            row.put("ts", hit.ts().toEpochMilli());
            row.put("session_id", hit.session().value());
            if (hit.task() != null) {
                row.put("task_id", hit.task().value());
            }
            row.put("snippet", hit.snippet());
        }
        return Printing.prettyJson(array, "hits");
    }

    /**
     * The types a search can be narrowed to: those agents write (memory_add's and the task thread posts'), in
     * the order they are listed.
     */
    static final Set<String> TYPES = types();

    private static Set<String> types() {
        Set<String> names = new LinkedHashSet<>();
        MemoryKind.TYPED.forEach(kind -> names.add(kind.name()));
        for (PostKind post : PostKind.values()) {
            names.add(post.wireName());
        }
        return Collections.unmodifiableSet(names);
    }

    /** The type {@code --type} names; refused, listing the types, when it is none of {@link #TYPES}. */
    private static MemoryKind knownType(String name) {
        String wanted = name.strip().toLowerCase(Locale.ROOT);
        if (!TYPES.contains(wanted)) {
            throw ColonyException.invalid("type", "must be one of " + String.join(", ", TYPES) + "; was "
                    + Echo.quoted(name));
        }
        return MemoryKind.of(wanted);
    }

    /**
     * Checks that a search by meaning can find the store's memories: in {@code vector} mode, memories without a
     * vector of the embedder's model would never be found, so the search is refused naming the command that
     * embeds them; in {@code hybrid} mode they are found by their words only, which stderr says.
     */
    private void unembedded(Colony colony, SearchMode ranked, String model) {
        long missing = colony.admin().unembedded();
        if (missing == 0) {
            return;
        }
        String count = missing + (missing == 1 ? " memory has" : " memories have") + " no vector of " + model;
        if (ranked == SearchMode.VECTOR) {
            throw new ColonyException(ErrorCode.UNAVAILABLE, count + ", so a search by meaning cannot find "
                    + (missing == 1 ? "it" : "them") + "; run 'colony reindex' to embed them, or search with "
                    + "--mode keyword");
        }
        PrintWriter err = spec.commandLine().getErr();
        err.println("Note: " + count + "; they are found by their words only until 'colony reindex' embeds them.");
        err.flush();
    }
}
