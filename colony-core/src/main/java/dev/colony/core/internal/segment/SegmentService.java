package dev.colony.core.internal.segment;

import dev.colony.api.Actor;
import dev.colony.api.ColonyException;
import dev.colony.api.NamespaceId;
import dev.colony.api.TextRule;
import dev.colony.api.segment.Segment;
import dev.colony.api.segment.SegmentFilter;
import dev.colony.api.segment.SegmentMatch;
import dev.colony.api.segment.SegmentQuery;
import dev.colony.api.segment.Segments;
import dev.colony.core.internal.access.CallerTransaction;
import dev.colony.core.internal.kernel.Check;
import dev.colony.core.internal.kernel.Kernel;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * {@link Segments} for one caller: segments live in the personal namespace of the caller's user, which the access
 * gate resolves (a user who never wrote has none, and finds nothing). Input is checked whole before the one
 * transaction of each call, so a refused batch writes nothing.
 *
 * <p>A search is exact and brute force: the store hands over the id and embedding of each segment the filter
 * selects (the filter runs in the store's SQL), this class keeps the best {@code maxResults} by cosine similarity
 * in a bounded heap, and only those are read whole. A hybrid search also takes each selected segment's text,
 * keeps every candidate's cosine and the counts of the keywords in its text ({@link KeywordScores}), fuses the two
 * rankings ({@link ReciprocalRankFusion}) once all are seen, and reads the best whole.
 */
public final class SegmentService implements Segments {

    private final Actor actor;
    private final Kernel kernel;

    /** The segments of {@code actor}'s user. */
    public SegmentService(Actor actor, Kernel kernel) {
        this.actor = Objects.requireNonNull(actor, "actor");
        this.kernel = Objects.requireNonNull(kernel, "kernel");
    }

    @Override
    public void add(String store, List<Segment> segments) {
        String name = storeName(store);
        Check.required("segments", segments);
        if (segments.isEmpty()) {
            return;
        }
        List<Segment> checked = new ArrayList<>(segments.size());
        Set<String> ids = new HashSet<>();
        int dimension = -1;
        for (int i = 0; i < segments.size(); i++) {
            String field = "segments[" + i + "]";
            Segment segment = Check.required(field, segments.get(i));
            String id = identifier(field + ".id", segment.id());
            if (!ids.add(id)) {
                throw ColonyException.invalid(field + ".id", "repeats the id of an earlier segment of the batch");
            }
            float[] embedding = embedding(field + ".embedding", segment.embedding());
            if (dimension >= 0 && embedding.length != dimension) {
                throw ColonyException.invalid(field + ".embedding", "has " + embedding.length
                        + " dimensions, segments[0].embedding has " + dimension);
            }
            dimension = embedding.length;
            String text = segment.text();
            if (text != null) {
                TextRule.freeText(field + ".text", text);
                length(field + ".text", text);
            }
            checked.add(new Segment(id, embedding, text, metadata(field + ".metadata", segment.metadata())));
        }
        int batchDimension = dimension;
        kernel.store(actor.user()).write(tx -> {
            NamespaceId namespace = tx.writable();
            OptionalInt stored = tx.segments().dimension(namespace, name);
            if (stored.isPresent() && stored.getAsInt() != batchDimension) {
                throw ColonyException.invalid("segments[0].embedding", "has " + batchDimension
                        + " dimensions, but store '" + name + "' holds embeddings of " + stored.getAsInt());
            }
            tx.segments().save(namespace, name, batchDimension, checked, kernel.time().now());
            return null;
        });
    }

    @Override
    public List<SegmentMatch> search(String store, SegmentQuery query) {
        String name = storeName(store);
        Check.required("query", query);
        float[] target = embedding("queryEmbedding", query.queryEmbedding());
        int limit = Check.range("maxResults", query.maxResults(), 1, MAX_RESULTS);
        double minCosine = query.minCosine();
        if (Double.isNaN(minCosine)) {
            throw ColonyException.invalid("minCosine", "must be a number");
        }
        SegmentFilter filter = query.filter() == null ? null : filter("filter", query.filter());
        KeywordScores keywords = null;
        if (query.keywords() != null) {
            TextRule.freeText("keywords", query.keywords());
            length("keywords", query.keywords());
            keywords = new KeywordScores(query.keywords());
        }
        KeywordScores hybrid = keywords != null && keywords.hasTerms() ? keywords : null;
        return kernel.store(actor.user()).read(tx -> {
            Optional<NamespaceId> personal = tx.personal();
            if (personal.isEmpty()) {
                return List.<SegmentMatch>of();
            }
            NamespaceId namespace = personal.get();
            OptionalInt dimension = tx.segments().dimension(namespace, name);
            if (dimension.isEmpty()) {
                return List.<SegmentMatch>of();
            }
            if (dimension.getAsInt() != target.length) {
                throw ColonyException.invalid("queryEmbedding", "has " + target.length + " dimensions, but store '"
                        + name + "' holds embeddings of " + dimension.getAsInt());
            }
            if (hybrid != null) {
                return hybrid(tx, namespace, name, target, limit, minCosine, filter, hybrid);
            }
            double targetNorm = Math.sqrt(dot(target, target));
            PriorityQueue<Candidate> best = new PriorityQueue<>(Candidate.WORST_FIRST);
            long[] seen = {0};
            tx.segments().scan(namespace, name, filter, (id, embedding) -> {
                double cosine = cosine(target, targetNorm, embedding);
                if (cosine >= minCosine) {
                    best.add(new Candidate(id, cosine, seen[0]++));
                    if (best.size() > limit) {
                        best.poll();
                    }
                }
            });
            List<Candidate> ranked = new ArrayList<>(best);
            ranked.sort(Candidate.WORST_FIRST.reversed());
            Map<String, Segment> found = whole(tx, namespace, name, ranked.stream().map(Candidate::id).toList());
            List<SegmentMatch> matches = new ArrayList<>(ranked.size());
            for (Candidate candidate : ranked) {
                matches.add(new SegmentMatch(found.get(candidate.id()), candidate.cosine()));
            }
            return List.copyOf(matches);
        });
    }

    /** The best {@code limit} of the selected segments by the fusion of their cosine and keyword ranks. */
    private static List<SegmentMatch> hybrid(CallerTransaction tx, NamespaceId namespace, String name,
            float[] target, int limit, double minCosine, SegmentFilter filter, KeywordScores keywords) {
        double targetNorm = Math.sqrt(dot(target, target));
        List<Candidate> candidates = new ArrayList<>();
        tx.segments().scanWithText(namespace, name, filter, (id, embedding, text) -> {
            double cosine = cosine(target, targetNorm, embedding);
            if (cosine >= minCosine) {
                candidates.add(new Candidate(id, cosine, candidates.size()));
                keywords.add(text);
            }
        });
        double[] cosines = candidates.stream().mapToDouble(Candidate::cosine).toArray();
        double[] relevance = ReciprocalRankFusion.relevance(cosines, keywords.scores());
        Comparator<Candidate> worstFirst = Comparator.<Candidate>comparingDouble(c -> relevance[(int) c.order()])
                .thenComparing(Candidate.WORST_FIRST);
        PriorityQueue<Candidate> kept = new PriorityQueue<>(worstFirst);
        for (Candidate candidate : candidates) {
            kept.add(candidate);
            if (kept.size() > limit) {
                kept.poll();
            }
        }
        List<Candidate> best = new ArrayList<>(kept);
        best.sort(worstFirst.reversed());
        Map<String, Segment> found = whole(tx, namespace, name, best.stream().map(Candidate::id).toList());
        List<SegmentMatch> matches = new ArrayList<>(best.size());
        for (Candidate candidate : best) {
            matches.add(new SegmentMatch(found.get(candidate.id()), candidate.cosine(),
                    relevance[(int) candidate.order()]));
        }
        return List.copyOf(matches);
    }

    private static Map<String, Segment> whole(CallerTransaction tx, NamespaceId namespace, String name,
            List<String> ids) {
        return tx.segments().find(namespace, name, ids).stream()
                .collect(Collectors.toMap(Segment::id, Function.identity()));
    }

    @Override
    public int remove(String store, Collection<String> ids) {
        String name = storeName(store);
        Check.required("ids", ids);
        List<String> checked = new ArrayList<>(ids.size());
        int i = 0;
        for (String id : ids) {
            checked.add(identifier("ids[" + i++ + "]", id));
        }
        if (checked.isEmpty()) {
            return 0;
        }
        return kernel.store(actor.user()).write(tx -> tx.personal()
                .map(namespace -> tx.segments().delete(namespace, name, checked)).orElse(0));
    }

    @Override
    public int remove(String store, SegmentFilter filter) {
        String name = storeName(store);
        SegmentFilter checked = filter("filter", filter);
        return kernel.store(actor.user()).write(tx -> tx.personal()
                .map(namespace -> tx.segments().delete(namespace, name, checked)).orElse(0));
    }

    @Override
    public int clear(String store) {
        String name = storeName(store);
        return kernel.store(actor.user()).write(tx -> tx.personal()
                .map(namespace -> tx.segments().delete(namespace, name, (SegmentFilter) null)).orElse(0));
    }

    /** A candidate match: the heap keeps the worst on top, and of equal cosines the later-scanned one. */
    private record Candidate(String id, double cosine, long order) {
        static final Comparator<Candidate> WORST_FIRST = Comparator.comparingDouble(Candidate::cosine)
                .thenComparing(Comparator.comparingLong(Candidate::order).reversed());
    }

    private static double cosine(float[] target, double targetNorm, float[] embedding) {
        double dot = dot(target, embedding);
        double norms = targetNorm * Math.sqrt(dot(embedding, embedding));
        return norms == 0 ? 0 : dot / norms;
    }

    private static double dot(float[] a, float[] b) {
        double sum = 0;
        for (int i = 0; i < a.length; i++) {
            sum += (double) a[i] * b[i];
        }
        return sum;
    }

    private static String storeName(String store) {
        return identifier("store", store);
    }

    /** A store name, segment id or metadata key as given (not stripped), if it is one. */
    private static String identifier(String field, String value) {
        Check.required(field, value);
        if (value.isEmpty() || Check.blank(value)) {
            throw ColonyException.invalid(field, "must not be blank");
        }
        if (value.length() > MAX_ID_LENGTH) {
            throw ColonyException.invalid(field, "is at most " + MAX_ID_LENGTH + " characters, was " + value.length());
        }
        return TextRule.identifier(field, value);
    }

    private static float[] embedding(String field, float[] embedding) {
        Check.required(field, embedding);
        if (embedding.length == 0 || embedding.length > MAX_DIMENSION) {
            throw ColonyException.invalid(field, "must have 1 to " + MAX_DIMENSION + " dimensions, had "
                    + embedding.length);
        }
        for (int i = 0; i < embedding.length; i++) {
            if (!Float.isFinite(embedding[i])) {
                throw ColonyException.invalid(field, "holds a value that is not a finite number at index " + i);
            }
        }
        return embedding;
    }

    private static void length(String field, String text) {
        if (text.length() > MAX_TEXT_LENGTH) {
            throw ColonyException.invalid(field, "is at most " + MAX_TEXT_LENGTH + " characters, was " + text.length());
        }
    }

    private static Map<String, Object> metadata(String field, Map<String, Object> metadata) {
        Check.required(field, metadata);
        Map<String, Object> checked = new LinkedHashMap<>();
        metadata.forEach((key, value) -> {
            identifier(field + " key", key);
            checked.put(key, value(field + "." + key, value));
        });
        return checked;
    }

    /** A stored or compared value: a string (free text), UUID, finite number of the four types, or boolean. */
    private static Object value(String field, Object value) {
        Check.required(field, value);
        if (value instanceof String text) {
            TextRule.freeText(field, text);
            length(field, text);
        } else if (value instanceof Float || value instanceof Double) {
            if (!Double.isFinite(((Number) value).doubleValue())) {
                throw ColonyException.invalid(field, "must be a finite number, was " + value);
            }
        } else if (!(value instanceof UUID || value instanceof Integer || value instanceof Long
                || value instanceof Boolean)) {
            throw ColonyException.invalid(field, "is a " + value.getClass().getSimpleName()
                    + "; values are strings, UUIDs, integers, longs, floats, doubles or booleans");
        }
        return value;
    }

    private static SegmentFilter filter(String field, SegmentFilter filter) {
        Check.required(field, filter);
        if (filter instanceof SegmentFilter.And and) {
            filter(field, and.left());
            filter(field, and.right());
        } else if (filter instanceof SegmentFilter.Or or) {
            filter(field, or.left());
            filter(field, or.right());
        } else if (filter instanceof SegmentFilter.Not not) {
            filter(field, not.filter());
        } else if (filter instanceof SegmentFilter.Compare compare) {
            identifier(field + " key", compare.key());
            Check.required(field + " comparison", compare.comparison());
            value(field + "." + compare.key(), compare.value());
            if (compare.value() instanceof Boolean && compare.comparison() != SegmentFilter.Comparison.EQUAL) {
                throw ColonyException.invalid(field + "." + compare.key(), "compares a boolean by "
                        + compare.comparison() + "; booleans are only equal or not");
            }
        } else if (filter instanceof SegmentFilter.In in) {
            identifier(field + " key", in.key());
            Check.required(field + "." + in.key(), in.values());
            if (in.values().isEmpty()) {
                throw ColonyException.invalid(field + "." + in.key(), "needs at least one value");
            }
            in.values().forEach(value -> {
                if (value(field + "." + in.key(), value) instanceof Boolean) {
                    throw ColonyException.invalid(field + "." + in.key(), "lists a boolean; compare a boolean "
                            + "for equality instead");
                }
            });
        } else {
            SegmentFilter.Contains contains = (SegmentFilter.Contains) filter;
            identifier(field + " key", contains.key());
            Check.required(field + "." + contains.key(), contains.text());
            TextRule.freeText(field + "." + contains.key(), contains.text());
        }
        return filter;
    }
}
