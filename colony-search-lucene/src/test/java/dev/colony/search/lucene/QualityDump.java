package dev.colony.search.lucene;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.memory.SearchMode;
import dev.colony.embedding.onnx.OnnxEmbedder;
import dev.colony.spi.embedding.Passages;
import dev.colony.spi.storage.StoredVector;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Writes what the hybrid search of each {@link LabeledSet} sees, for studying its ranking away from the build: per
 * query, each leg's and each fusion's ranking, the fused candidates' {@link FusionFeatures}, and the query's search
 * vector; per entry, its search vector and its passages' (blended with the predecessor's as the index blends them,
 * see {@link IndexLayout#searchVector}). Not named like a test: it runs only when asked for, from the repository
 * root ({@code -Dtest=QualityDump -Dsurefire.failIfNoSpecifiedTests=false}), and writes
 * {@code colony-search-lucene/target/quality-dump/<set>.tsv}.
 */
class QualityDump {

    /** Hits ranked per query. */
    private static final int DEPTH = 50;

    @TempDir
    static Path natives;

    @Test
    void writesEachSetsRankingsFeaturesAndVectors() throws IOException {
        OnnxEmbedder embedder = OnnxEmbedder.of(OnnxEmbedder.DEFAULT_MODEL, natives);
        Map<String, LabeledSet> sets = new LinkedHashMap<>();
        sets.put("agent", LabeledSet.agentMemories());
        sets.put("reworded", LabeledSet.agentMemoriesReworded());
        sets.put("more", LabeledSet.agentMemoriesMore());
        sets.put("dialogs", LabeledSet.dialogs());
        sets.put("dialogsmore", LabeledSet.dialogsMore());
        Path dir = Path.of("target", "quality-dump");
        Files.createDirectories(dir);
        for (Map.Entry<String, LabeledSet> named : sets.entrySet()) {
            LabeledSet set = named.getValue();
            Path file = dir.resolve(named.getKey() + ".tsv");
            try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
                out.write("M\t" + embedder.minSimilarity() + "\n");
                entries(set, embedder, out);
                try (LabeledIndex weighted = LabeledIndex.embedded(set, embedder, FusionMethod.WEIGHTED);
                        LabeledIndex learned = LabeledIndex.embedded(set, embedder, FusionMethod.LEARNED)) {
                    for (LabeledSet.Query query : set.queries()) {
                        out.write(String.join("\t", "Q", query.text(), String.join(",", query.relevant()),
                                vector(weighted.queryVector(query.text())),
                                String.join(",", weighted.rank(SearchMode.KEYWORD, query.text(), DEPTH)),
                                String.join(",", weighted.rank(SearchMode.VECTOR, query.text(), DEPTH)),
                                String.join(",", weighted.rank(SearchMode.HYBRID, query.text(), DEPTH)),
                                String.join(",", learned.rank(SearchMode.HYBRID, query.text(), DEPTH))) + "\n");
                        for (Map.Entry<String, double[]> candidate
                                : weighted.fusionCandidates(query.text()).entrySet()) {
                            StringBuilder line = new StringBuilder("C\t").append(candidate.getKey());
                            for (double value : candidate.getValue()) {
                                line.append('\t').append(value);
                            }
                            out.write(line.append('\n').toString());
                        }
                    }
                }
            }
            assertThat(file).isNotEmptyFile();
        }
    }

    /**
     * Writes each entry's search vector and its passages', embedded in one batch as {@link LabeledIndex} embeds
     * them, each blended with its predecessor's (the entry before it in its group).
     */
    private static void entries(LabeledSet set, OnnxEmbedder embedder, Writer out) throws IOException {
        List<String> ids = new ArrayList<>(set.entries().keySet());
        List<String> texts = new ArrayList<>(ids.stream().map(set.entries()::get).toList());
        List<List<String>> passagesOf = new ArrayList<>();
        for (String id : ids) {
            List<String> own = Passages.of(set.entries().get(id));
            passagesOf.add(own);
            texts.addAll(own);
        }
        List<float[]> vectors = embedder.embed(texts);
        int next = ids.size();
        Map<String, float[]> lastOfGroup = new HashMap<>();
        for (int i = 0; i < ids.size(); i++) {
            String group = LabeledSet.group(ids.get(i));
            float[] before = lastOfGroup.get(group);
            StoredVector context = before == null ? null : new StoredVector(embedder.modelId(), before);
            float[] whole = IndexLayout.searchVector(new StoredVector(embedder.modelId(), vectors.get(i)), context);
            out.write(String.join("\t", "E", ids.get(i), String.valueOf(passagesOf.get(i).size()), vector(whole))
                    + "\n");
            for (int p = 0; p < passagesOf.get(i).size(); p++) {
                float[] passage = IndexLayout.searchVector(
                        new StoredVector(embedder.modelId(), vectors.get(next++)), context);
                out.write(String.join("\t", "P", ids.get(i), String.valueOf(p), vector(passage)) + "\n");
            }
            lastOfGroup.put(group, vectors.get(i));
        }
    }

    private static String vector(float[] values) {
        StringBuilder text = new StringBuilder();
        for (float value : values) {
            text.append(text.length() == 0 ? "" : ",").append(String.format(Locale.ROOT, "%.7g", value));
        }
        return text.toString();
    }
}
