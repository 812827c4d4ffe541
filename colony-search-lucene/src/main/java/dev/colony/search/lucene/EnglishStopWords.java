package dev.colony.search.lucene;

import java.util.List;
import org.apache.lucene.analysis.CharArraySet;

/**
 * The English function words left out of the index and of queries: pronouns, articles and other
 * determiners, auxiliary and modal verbs, question words, conjunctions, prepositions and a few
 * adverbs.
 *
 * <p>Lucene's default English list holds only 33 such words, so words like {@code what}, {@code did},
 * {@code you}, {@code my}, {@code how} and {@code from} stayed in. They occur in most conversational
 * memories and in nearly every question, and although their weight per match is small, they made
 * long chatty memories outrank the one that holds the answer. The list is applied after
 * {@link ContractionFilter}, so contractions reach it as their base words. Words that are often
 * content in memories (the month {@code may}, {@code will} aside) are kept out of it.
 */
final class EnglishStopWords {

    /** The words, lower case. */
    static final List<String> WORDS = List.of(
            // pronouns
            "i", "me", "my", "mine", "myself", "we", "us", "our", "ours", "ourselves",
            "you", "your", "yours", "yourself", "yourselves", "he", "him", "his", "himself",
            "she", "her", "hers", "herself", "it", "its", "itself", "they", "them", "their", "theirs",
            "themselves",
            // articles and determiners
            "a", "an", "the", "this", "that", "these", "those", "some", "any", "each", "every", "all", "both",
            "either", "neither", "such", "other", "own", "same",
            // auxiliary and modal verbs
            "am", "is", "are", "was", "were", "be", "been", "being", "have", "has", "had", "having",
            "do", "does", "did", "doing", "will", "would", "shall", "should", "can", "could", "might", "must",
            "ought",
            // question words
            "what", "which", "who", "whom", "whose", "when", "where", "why", "how",
            // conjunctions
            "and", "or", "but", "nor", "if", "then", "than", "because", "as", "until", "while", "so",
            "though", "although",
            // prepositions
            "of", "at", "by", "for", "with", "about", "against", "between", "into", "through", "during",
            "before", "after", "above", "below", "to", "from", "up", "down", "in", "out", "on", "off", "over",
            "under", "again", "further", "once",
            // adverbs and particles
            "here", "there", "also", "just", "only", "very", "too", "not", "no", "let");

    /** The words as a set for {@link org.apache.lucene.analysis.StopFilter}. */
    static final CharArraySet SET = CharArraySet.unmodifiableSet(new CharArraySet(WORDS, false));

    private EnglishStopWords() {
    }
}
