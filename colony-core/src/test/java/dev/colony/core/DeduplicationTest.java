package dev.colony.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.CallerScope;
import dev.colony.api.MemoryId;
import dev.colony.api.NamespaceId;
import dev.colony.api.NamespaceKind;
import dev.colony.api.memory.AddOutcome;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.MemoryLimits;
import dev.colony.api.memory.SearchHit;
import dev.colony.api.memory.TaskChecklist;
import dev.colony.api.session.SessionStart;
import dev.colony.embedding.onnx.OnnxEmbedder;
import dev.colony.embedding.onnx.OnnxModel;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.spi.search.MemorySource;
import dev.colony.spi.search.SearchIndex;
import dev.colony.spi.search.SearchIndexFactory;
import dev.colony.spi.search.SearchRequest;
import dev.colony.spi.storage.StoredVector;
import dev.colony.store.sqlite.SqliteStorageProvider;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Deduplication end to end with the real model, a SQLite file and its Lucene index: a paraphrase of a
 * stored memory is not stored and names that memory; a different figure, another type, another namespace
 * or a structured task is stored; a batch catches a duplicate of an entry stored earlier in it; a thousand
 * generated facts that differ only in a name or a version are all stored.
 */
class DeduplicationTest {

    private static final String RETRIES = "Billing webhooks are retried five times because the provider drops "
            + "bursts of events.";
    private static final List<String> LIBRARIES = List.of("hikaricp", "flyway", "jackson-databind", "guava",
            "netty", "okhttp", "picocli", "lucene-core", "slf4j-api", "logback-classic", "jdbi3-core", "h2",
            "sqlite-jdbc", "commons-lang3", "caffeine", "micrometer-core", "reactor-core", "spring-boot", "junit",
            "assertj-core");
    private static final List<String> PEOPLE = List.of("Maria", "Jonas", "Priya", "Tomasz", "Ana", "Lukas",
            "Sofia", "Elena", "Oskar", "Hannah");
    private static final List<String> REGIONS = List.of("eu-west-1", "eu-central-1", "us-east-1", "us-east-2",
            "us-west-2", "ap-south-1", "ap-northeast-1", "sa-east-1");

    @TempDir
    Path dir;

    private Colony colony;
    private CallerScope alice;

    @BeforeEach
    void open() {
        colony = Colony.builder().storage(SqliteStorageProvider.open(dir.resolve("c.db")))
                .search(LuceneSearch.besideStore())
                .embedder(OnnxEmbedder.of(OnnxEmbedder.DEFAULT_MODEL, dir.resolve("natives"))).build();
        alice = colony.as(colony.sessions().ensure(SessionStart.of("alice", "codex")).actor());
    }

    @AfterEach
    void close() {
        colony.close();
    }

    @Test
    void aParaphraseIsNotStoredAndADifferentFactIs() {
        Memory stored = alice.memories().addUnlessDuplicate(MemoryDraft.of(MemoryKind.FACT, RETRIES)).memory();

        AddOutcome again = alice.memories().addUnlessDuplicate(MemoryDraft.of(MemoryKind.FACT,
                "The billing service retries each webhook up to five times since the payment provider drops event "
                        + "bursts."));
        AddOutcome otherFigure = alice.memories().addUnlessDuplicate(MemoryDraft.of(MemoryKind.FACT,
                "Billing webhooks are retried three times because the provider drops bursts of events."));
        AddOutcome otherType = alice.memories().addUnlessDuplicate(MemoryDraft.of(MemoryKind.DECISION, RETRIES));
        alice.collections().create("ops", NamespaceKind.COLLABORATIVE);
        AddOutcome otherNamespace = alice.memories().addUnlessDuplicate(MemoryDraft.of(MemoryKind.FACT, RETRIES)
                .withCollection("ops"));
        TaskChecklist task = TaskChecklist.of("Retry billing webhooks", List.of("add retries"), null);
        alice.memories().add(MemoryDraft.task(task));
        AddOutcome sameTask = alice.memories().addUnlessDuplicate(MemoryDraft.task(task));

        assertThat(again.stored()).isFalse();
        assertThat(again.duplicate().existing().id()).isEqualTo(stored.id());
        assertThat(again.duplicate().score()).isBetween(0.80, 1.0);
        assertThat(otherFigure.stored()).as("three retries are not five").isTrue();
        assertThat(otherType.stored()).as("a decision is not a fact").isTrue();
        assertThat(otherNamespace.stored()).as("another namespace").isTrue();
        assertThat(sameTask.stored()).as("structured tasks skip deduplication").isTrue();
        assertThat(alice.memories().add(MemoryDraft.of(MemoryKind.FACT, RETRIES)).id()).as("add always stores")
                .isNotEqualTo(stored.id());
    }

    /**
     * A model that rates unrelated texts high is held to its own threshold: with e5-small-v2 (unrelated turns of a
     * conversation around 0.8), the default model's 0.80 took most turns of a conversation for duplicates of earlier
     * ones and stored none of them.
     */
    @Test
    void aModelThatRatesUnrelatedTextsHighStoresThemAndStillCatchesARewording() {
        try (Colony e5 = Colony.builder().storage(SqliteStorageProvider.open(dir.resolve("e5.db")))
                .search(LuceneSearch.besideStore())
                .embedder(OnnxEmbedder.of(OnnxModel.E5_SMALL_V2_Q, dir.resolve("natives"))).build()) {
            CallerScope ruth = e5.as(e5.sessions().ensure(SessionStart.of("ruth", "codex")).actor());
            ruth.memories().add(MemoryDraft.of(MemoryKind.FACT, "Ruth: I love painting sunsets by the lake."));

            AddOutcome interview = ruth.memories().addUnlessDuplicate(MemoryDraft.of(MemoryKind.FACT,
                    "Ruth: My job interview went really well today."));
            AddOutcome bread = ruth.memories().addUnlessDuplicate(MemoryDraft.of(MemoryKind.FACT,
                    "Ruth: The kids and I baked bread all afternoon."));
            AddOutcome reworded = ruth.memories().addUnlessDuplicate(MemoryDraft.of(MemoryKind.FACT,
                    "Ruth: I love painting the sunsets by the lake!"));

            assertThat(interview.stored()).as("an interview is not painting").isTrue();
            assertThat(bread.stored()).as("baking is not painting").isTrue();
            assertThat(reworded.stored()).as("the same sentence reworded").isFalse();
        }
    }

    @Test
    void aBatchCatchesADuplicateOfAnEarlierEntry() {
        List<AddOutcome> outcomes = alice.memories().addAll(List.of(
                MemoryDraft.of(MemoryKind.PATH, "The Helm chart for the API is in deploy/charts/api."),
                MemoryDraft.of(MemoryKind.PATH, "deploy/charts/api contains the API's Helm chart."),
                MemoryDraft.of(MemoryKind.PATH, "The Helm chart for the worker is in deploy/charts/worker.")), true);

        assertThat(outcomes).extracting(AddOutcome::stored).containsExactly(true, false, true);
        assertThat(outcomes.get(1).duplicate().existing().id()).isEqualTo(outcomes.get(0).memory().id());
        assertThat(alice.memories().addAll(List.of(MemoryDraft.of(MemoryKind.PATH,
                "deploy/charts/api contains the API's Helm chart.")), false).get(0).stored()).isTrue();
    }

    /**
     * A batch is written in one transaction; when the store refuses one of its memories (here a reply to a memory
     * nobody can see), that transaction is rolled back and each memory goes on its own, in order: the others are
     * stored, the duplicate of an earlier entry is still caught, and the refused one names its field.
     */
    @Test
    void aBatchWithAMemoryTheStoreRefusesStoresTheOthersOnTheirOwn() {
        List<AddOutcome> outcomes = alice.memories().addAll(List.of(
                MemoryDraft.of(MemoryKind.PATH, "The Helm chart for the API is in deploy/charts/api."),
                MemoryDraft.of(MemoryKind.PATH, "deploy/charts/api contains the API's Helm chart."),
                MemoryDraft.of(MemoryKind.FACT, "The worker scales to ten pods at most.").withReplyTo(MemoryId.of(999_999)),
                MemoryDraft.of(MemoryKind.PATH, "The Helm chart for the worker is in deploy/charts/worker.")), true);

        assertThat(outcomes).extracting(AddOutcome::stored).containsExactly(true, false, false, true);
        assertThat(outcomes.get(1).duplicate().existing().id()).isEqualTo(outcomes.get(0).memory().id());
        assertThat(outcomes.get(2).refusal().field()).isEqualTo("reply_to");
        assertThat(alice.memories().versions(List.of(outcomes.get(3).memory().id())))
                .containsEntry(outcomes.get(3).memory().id(), outcomes.get(3).version());
    }

    /**
     * Stage one of the check is one nearest-neighbour lookup of the index, whatever the store holds: no search
     * (which would rank, cut snippets and read each hit), and no more lookups as the store grows.
     */
    @Test
    void theDuplicateCheckIsOneNearestLookupOfTheIndexHoweverManyMemoriesThereAre() {
        CountingIndexes counting = new CountingIndexes(LuceneSearch.besideStore());
        try (Colony counted = Colony.builder().storage(SqliteStorageProvider.open(dir.resolve("counted.db")))
                .search(counting).embedder(OnnxEmbedder.of(OnnxEmbedder.DEFAULT_MODEL, dir.resolve("natives")))
                .build()) {
            CallerScope bob = counted.as(counted.sessions().ensure(SessionStart.of("bob", "codex")).actor());
            List<Integer> lookupsPerAdd = new ArrayList<>();
            for (int size : List.of(0, 50, 200)) {
                List<MemoryDraft> filler = new ArrayList<>();
                for (int i = 0; i < size; i++) {
                    filler.add(MemoryDraft.of(MemoryKind.FACT, "Service " + i + " of region " + i % 7
                            + " answers on port " + (8000 + i) + "."));
                    if (filler.size() == MemoryLimits.MAX_BATCH) {
                        bob.memories().addAll(filler, false);
                        filler.clear();
                    }
                }
                if (!filler.isEmpty()) {
                    bob.memories().addAll(filler, false);
                }
                int nearestBefore = counting.nearest.get();
                int searchesBefore = counting.searches.get();
                assertThat(bob.memories().addUnlessDuplicate(MemoryDraft.of(MemoryKind.FACT, RETRIES + " " + size))
                        .stored()).isTrue();
                assertThat(counting.searches.get()).as("searches of the check").isEqualTo(searchesBefore);
                lookupsPerAdd.add(counting.nearest.get() - nearestBefore);
            }
            assertThat(lookupsPerAdd).containsExactly(1, 1, 1);
        }
    }

    /** Opens the real index and counts the searches and the nearest-neighbour lookups made of it. */
    private static final class CountingIndexes implements SearchIndexFactory {
        private final SearchIndexFactory real;
        private final AtomicInteger searches = new AtomicInteger();
        private final AtomicInteger nearest = new AtomicInteger();

        CountingIndexes(SearchIndexFactory real) {
            this.real = real;
        }

        @Override
        public SearchIndex open(MemorySource source, Clock clock) {
            SearchIndex index = real.open(source, clock);
            return new SearchIndex() {
                @Override
                public List<SearchHit> search(SearchRequest request) {
                    searches.incrementAndGet();
                    return index.search(request);
                }

                @Override
                public List<MemoryId> nearest(StoredVector vector, NamespaceId namespace, MemoryKind kind, int k,
                        double minSimilarity) {
                    nearest.incrementAndGet();
                    return index.nearest(vector, namespace, kind, k, minSimilarity);
                }

                @Override
                public void changed() {
                    index.changed();
                }

                @Override
                public void close() {
                    index.close();
                }
            };
        }
    }

    /**
     * A thousand distinct facts of a few templates, written in batches through the duplicate check: pairs that
     * differ only in the project's name, only in a version with the same digits (6.8.3, 3.8.8), only in a
     * person or a region. None is a duplicate of another.
     */
    @Test
    void aThousandFactsThatDifferOnlyInANameOrAVersionAreAllStored() {
        List<String> facts = generatedFacts(1_000, new Random(28));
        List<String> refused = new ArrayList<>();
        for (int from = 0; from < facts.size(); from += MemoryLimits.MAX_BATCH) {
            List<String> batch = facts.subList(from, Math.min(facts.size(), from + MemoryLimits.MAX_BATCH));
            List<AddOutcome> outcomes = alice.memories().addAll(batch.stream()
                    .map(fact -> MemoryDraft.of(MemoryKind.FACT, fact)).toList(), true);
            for (int i = 0; i < outcomes.size(); i++) {
                if (!outcomes.get(i).stored()) {
                    refused.add(batch.get(i) + " -> " + (outcomes.get(i).duplicate() == null ? "refused"
                            : outcomes.get(i).duplicate().existing().content()));
                }
            }
        }
        System.out.printf("%d generated facts, %d refused as duplicates%n", facts.size(), refused.size());
        refused.forEach(System.out::println);
        assertThat(refused).as("distinct facts refused as duplicates").isEmpty();
    }

    /**
     * {@code count} distinct facts in pairs: the same sentence with another project name, or another version
     * made of the same digits, or another person or region; project names are made up like generated ones.
     */
    private static List<String> generatedFacts(int count, Random random) {
        Set<String> projects = new LinkedHashSet<>();
        while (projects.size() < 120) {
            projects.add(projectName(random));
        }
        List<String> names = List.copyOf(projects);
        Set<String> facts = new LinkedHashSet<>();
        while (facts.size() < count) {
            String project = names.get(random.nextInt(names.size()));
            String other = names.get(random.nextInt(names.size()));
            String library = LIBRARIES.get(random.nextInt(LIBRARIES.size()));
            int[] digits = {1 + random.nextInt(9), random.nextInt(10), random.nextInt(10)};
            String version = digits[0] + "." + digits[1] + "." + digits[2];
            String turned = digits[2] == 0 ? digits[0] + "." + digits[2] + "." + digits[1]
                    : digits[2] + "." + digits[1] + "." + digits[0];
            switch (facts.size() / 2 % 5) {
                case 0 -> {
                    facts.add(library + " at version " + version + " in " + project);
                    facts.add(library + " at version " + version + " in " + other);
                }
                case 1 -> {
                    facts.add(library + " at version " + version + " in " + project);
                    facts.add(library + " at version " + turned + " in " + other);
                }
                case 2 -> {
                    facts.add(project + " depends on " + library + " " + version);
                    facts.add(project + " depends on " + library + " " + turned);
                }
                case 3 -> {
                    facts.add("The " + project + " team is led by " + PEOPLE.get(random.nextInt(PEOPLE.size())) + ".");
                    facts.add("The " + project + " team is led by " + PEOPLE.get(random.nextInt(PEOPLE.size())) + ".");
                }
                default -> {
                    String region = REGIONS.get(random.nextInt(REGIONS.size()));
                    String elsewhere = REGIONS.get(random.nextInt(REGIONS.size()));
                    facts.add(project + " is deployed to " + region + ".");
                    facts.add(project + " is deployed to " + elsewhere + ".");
                }
            }
        }
        return List.copyOf(facts).subList(0, count);
    }

    /** A made-up project name of two or three syllables, like Fafogath or Dopivur. */
    private static String projectName(Random random) {
        String consonants = "bdfghklmnprstvz";
        String vowels = "aeiou";
        StringBuilder name = new StringBuilder();
        int syllables = 2 + random.nextInt(2);
        for (int i = 0; i < syllables; i++) {
            name.append(consonants.charAt(random.nextInt(consonants.length())))
                    .append(vowels.charAt(random.nextInt(vowels.length())));
        }
        name.append(consonants.charAt(random.nextInt(consonants.length())));
        return Character.toUpperCase(name.charAt(0)) + name.substring(1);
    }
}
