package dev.colony.langchain4j;

import dev.colony.api.CallerScope;
import dev.colony.api.ColonyException;
import dev.colony.api.MemoryId;
import dev.colony.api.SessionId;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryLimits;
import dev.colony.api.memory.SearchHit;
import dev.colony.api.memory.SearchQuery;
import dev.colony.api.session.Session;
import dev.langchain4j.data.document.Metadata;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.rag.content.Content;
import dev.langchain4j.rag.content.ContentMetadata;
import dev.langchain4j.rag.content.retriever.ContentRetriever;
import dev.langchain4j.rag.query.Query;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * A LangChain4j {@link ContentRetriever} over Colony's own search (hybrid where the Colony has an embedder,
 * keyword otherwise): the memories the caller may read that best match the query, as {@link Content}.
 *
 * <p>Compact by default: each content's text is the search snippet, not the memory's body, so a prompt pays for
 * a few lines per memory; {@link Builder#fullBodies} puts whole bodies in instead. Each text segment carries the
 * memory's {@value #ID} (a long: read the whole memory with {@code memories().get}), {@value #TYPE} (its kind),
 * {@value #TOPICS} (comma-separated) and {@value #AGENT} (the agent that wrote it, when the caller may see its
 * session) in its metadata, and the search score as {@link ContentMetadata#SCORE}. Thread-safe.
 */
public final class ColonyContentRetriever implements ContentRetriever {

    /** Metadata key of the memory id (a {@code Long}). */
    public static final String ID = "id";
    /** Metadata key of the memory's kind, e.g. {@code decision}. */
    public static final String TYPE = "type";
    /** Metadata key of the memory's topics, comma-separated (empty when it has none). */
    public static final String TOPICS = "topics";
    /** Metadata key of the agent whose session wrote the memory. */
    public static final String AGENT = "agent";

    /** Memories returned when the builder names no other number. */
    public static final int DEFAULT_MAX_RESULTS = 5;

    private final CallerScope caller;
    private final int maxResults;
    private final boolean fullBodies;

    private ColonyContentRetriever(Builder builder) {
        this.caller = builder.caller;
        this.maxResults = builder.maxResults;
        this.fullBodies = builder.fullBodies;
    }

    /** A compact retriever of {@value #DEFAULT_MAX_RESULTS} memories for {@code caller}. */
    public static ColonyContentRetriever of(CallerScope caller) {
        return builder(caller).build();
    }

    /** A builder of a retriever that searches as {@code caller}, e.g. {@code colony.as(actor)}. */
    public static Builder builder(CallerScope caller) {
        return new Builder(Objects.requireNonNull(caller, "caller"));
    }

    @Override
    public List<Content> retrieve(Query query) {
        if (query == null || query.text() == null) {
            throw ColonyException.invalid("query", "is required");
        }
        List<SearchHit> hits = caller.memories().search(SearchQuery.of(query.text()).withLimit(maxResults));
        if (hits.isEmpty()) {
            return List.of();
        }
        Map<MemoryId, Memory> memories = caller.memories().get(hits.stream().map(SearchHit::id).toList()).stream()
                .collect(Collectors.toMap(Memory::id, Function.identity()));
        Map<SessionId, Optional<String>> agents = new HashMap<>();
        List<Content> contents = new ArrayList<>(hits.size());
        for (SearchHit hit : hits) {
            Memory memory = memories.get(hit.id());
            Metadata metadata = new Metadata().put(ID, hit.id().value()).put(TYPE, hit.kind().name())
                    .put(TOPICS, memory == null ? "" : String.join(",", memory.topics()));
            agents.computeIfAbsent(hit.session(), session -> caller.sessions().find(session).map(Session::agent))
                    .ifPresent(agent -> metadata.put(AGENT, agent));
            String text = fullBodies && memory != null ? memory.content() : hit.snippet();
            contents.add(Content.from(TextSegment.from(text, metadata), Map.of(ContentMetadata.SCORE, hit.score())));
        }
        return contents;
    }

    @Override
    public String toString() {
        return "ColonyContentRetriever[" + caller.actor() + ", maxResults=" + maxResults + ", fullBodies="
                + fullBodies + "]";
    }

    /** Configures a {@link ColonyContentRetriever}. */
    public static final class Builder {

        private final CallerScope caller;
        private int maxResults = DEFAULT_MAX_RESULTS;
        private boolean fullBodies;

        private Builder(CallerScope caller) {
            this.caller = caller;
        }

        /** How many memories a retrieval returns at most: 1 to {@value MemoryLimits#MAX_GET_IDS}. */
        public Builder maxResults(int value) {
            if (value < 1 || value > MemoryLimits.MAX_GET_IDS) {
                throw ColonyException.invalid("maxResults", "must be between 1 and " + MemoryLimits.MAX_GET_IDS
                        + ", was " + value);
            }
            this.maxResults = value;
            return this;
        }

        /** Whether contents hold whole memory bodies instead of snippets (default false: compact). */
        public Builder fullBodies(boolean value) {
            this.fullBodies = value;
            return this;
        }

        /** The retriever. */
        public ColonyContentRetriever build() {
            return new ColonyContentRetriever(this);
        }
    }
}
