package dev.colony.search.lucene;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colony.api.ColonyException;
import dev.colony.api.NamespaceId;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * What a search by meaning embeds ({@link LuceneSearchIndex#embeddingText}): the query without the words
 * that more than {@link CommonWords#COMMON_SHARE} of the caller's memories hold, once there are
 * {@link CommonWords#MIN_MEMORIES} of them.
 */
class CommonWordsTest {

    private static final Set<NamespaceId> MINE = Set.of(ListMemorySource.NS);
    private static final String[] TOPICS = {"painted a sunset over the lake", "ran a charity race for shelters",
        "adopted a puppy from the shelter", "booked a pottery class downtown", "read a novel about sailors"};

    /** {@code turns} turns of a two-person conversation in {@code namespace}, alternating speakers. */
    private static void conversation(ListMemorySource source, long namespace, int turns) {
        for (int i = 0; i < turns; i++) {
            String speaker = i % 2 == 0 ? "Caroline" : "Melanie";
            source.memory(speaker + ": last week I " + TOPICS[i % TOPICS.length] + ", note " + i)
                    .namespace(namespace).add();
        }
    }

    /** An index of 120 turns of one conversation in namespace 1. */
    private static LuceneSearchIndex conversationOf120Turns() {
        ListMemorySource source = new ListMemorySource("common-words");
        conversation(source, 1, 120);
        return LuceneSearch.inMemory().open(source);
    }

    @Test
    void wordsHalfTheMemoriesHoldAreLeftOutWithTheirPossessives() {
        try (LuceneSearchIndex index = conversationOf120Turns()) {
            assertThat(index.embeddingText("What did Caroline paint recently?", MINE))
                    .isEqualTo("What did paint recently?");
            assertThat(index.embeddingText("Where is Melanie's  pottery class?", MINE))
                    .isEqualTo("Where is pottery class?");
            // "last" and "week" are in every memory too; stop words ("what", "did", "the") stay as grammar.
            assertThat(index.embeddingText("what did Caroline paint the last week", MINE))
                    .isEqualTo("what did paint the");
        }
    }

    @Test
    void aQueryOfCommonWordsOnlyOrWithoutThemStaysWhole() {
        try (LuceneSearchIndex index = conversationOf120Turns()) {
            assertThat(index.embeddingText("Caroline and Melanie?", MINE)).isEqualTo("Caroline and Melanie?");
            assertThat(index.embeddingText("who adopted  a puppy?", MINE)).isEqualTo("who adopted  a puppy?");
        }
    }

    @Test
    void onlyTheTermsTheKeywordLegWouldUseAreLookedUp() {
        String rare = IntStream.range(0, QueryPlanner.MAX_QUERY_TERMS).mapToObj(i -> "rare" + (char) ('a' + i % 26)
                + (char) ('a' + i / 26)).collect(Collectors.joining(" "));
        try (LuceneSearchIndex index = conversationOf120Turns()) {
            assertThat(index.embeddingText("Caroline " + rare, MINE)).isEqualTo(rare);
            assertThat(index.embeddingText(rare + " Caroline", MINE)).isEqualTo(rare + " Caroline");
        }
    }

    @Test
    void aWordStaysWhenAnyOfItsPartsIsNotCommon() {
        ListMemorySource source = new ListMemorySource("common-words");
        for (int i = 0; i < 120; i++) {
            source.add("Changed src/module" + i + "/Main.java and its src tests");
        }
        try (LuceneSearchIndex index = LuceneSearch.inMemory().open(source)) {
            assertThat(index.embeddingText("why did src/module7/Main.java change", MINE))
                    .isEqualTo("why did src/module7/Main.java");
        }
    }

    @Test
    void shareIsCountedOverTheCallersMemoriesOnceThereAreEnough() {
        ListMemorySource source = new ListMemorySource("common-words");
        conversation(source, 2, 400);
        conversation(source, 3, CommonWords.MIN_MEMORIES - 1);
        for (int i = 0; i < 300; i++) {
            source.add("Release " + i + " shipped with Caroline's notes");
        }
        for (int i = 0; i < 700; i++) {
            source.add("Unrelated entry number " + i);
        }
        try (LuceneSearchIndex index = LuceneSearch.inMemory().open(source)) {
            // Namespace 1: Caroline is in 300 of 1,000 memories, not more than 30 %.
            assertThat(index.embeddingText("What did Caroline paint?", MINE)).isEqualTo("What did Caroline paint?");
            // Namespace 2 alone: in half of them.
            assertThat(index.embeddingText("What did Caroline paint?", Set.of(NamespaceId.of(2))))
                    .isEqualTo("What did paint?");
            // Namespace 3 has too few memories for a share to count.
            assertThat(index.embeddingText("What did Caroline paint?", Set.of(NamespaceId.of(3))))
                    .isEqualTo("What did Caroline paint?");
            assertThat(index.embeddingText("What did Caroline paint?", Set.of())).isEqualTo("What did Caroline paint?");
            assertThatThrownBy(() -> index.embeddingText(null, MINE)).isInstanceOf(ColonyException.class)
                    .hasMessageContaining("query");
        }
    }
}
