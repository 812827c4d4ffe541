package dev.colony.search.lucene;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.Scorer;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.Weight;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.junit.jupiter.api.Test;

/** The demotion wrapper scores alike through bulk scoring, plain scorers and explanations. */
class DemotedQueryTest {

    @Test
    void demotesMarkedDocumentsInEveryScoringPath() throws IOException {
        try (ByteBuffersDirectory directory = new ByteBuffersDirectory()) {
            try (IndexWriter writer = new IndexWriter(directory, new IndexWriterConfig())) {
                for (int i = 0; i < 6; i++) {
                    Document doc = new Document();
                    doc.add(new TextField("body", "same words here", Field.Store.NO));
                    if (i % 2 == 1) {
                        doc.add(new NumericDocValuesField(IndexLayout.DEMOTED, 1));
                    }
                    writer.addDocument(doc);
                }
            }
            try (DirectoryReader reader = DirectoryReader.open(directory)) {
                IndexSearcher searcher = new IndexSearcher(reader);
                Query plain = new TermQuery(new Term("body", "words"));
                Query demoted = new DemotedQuery(plain, 0.25f);

                float full = searcher.search(plain, 1).scoreDocs[0].score;
                TopDocs top = searcher.search(demoted, 10);
                Map<Integer, Float> bulk = new HashMap<>();
                for (ScoreDoc hit : top.scoreDocs) {
                    bulk.put(hit.doc, hit.score);
                    float expected = hit.doc % 2 == 1 ? full * 0.25f : full;
                    assertThat(hit.score).isCloseTo(expected, within(1e-6f));
                    assertThat(searcher.explain(demoted, hit.doc).getValue().floatValue())
                            .isCloseTo(expected, within(1e-6f));
                }
                assertThat(top.scoreDocs[0].doc % 2).as("undemoted first").isZero();

                Weight weight = searcher.createWeight(searcher.rewrite(demoted), ScoreMode.COMPLETE, 1f);
                for (LeafReaderContext leaf : reader.leaves()) {
                    Scorer scorer = weight.scorer(leaf);
                    for (int doc = scorer.iterator().nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS;
                            doc = scorer.iterator().nextDoc()) {
                        assertThat(scorer.score()).isCloseTo(bulk.get(leaf.docBase + doc), within(1e-6f));
                        assertThat(scorer.getMaxScore(doc)).isGreaterThanOrEqualTo(scorer.score());
                    }
                }
            }
        }
    }
}
