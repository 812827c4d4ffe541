package dev.colony.search.lucene;

import java.util.regex.Pattern;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.LowerCaseFilter;
import org.apache.lucene.analysis.StopFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.en.PorterStemFilter;
import org.apache.lucene.analysis.miscellaneous.ASCIIFoldingFilter;
import org.apache.lucene.analysis.miscellaneous.LengthFilter;
import org.apache.lucene.analysis.miscellaneous.PatternKeywordMarkerFilter;
import org.apache.lucene.analysis.miscellaneous.WordDelimiterGraphFilter;
import org.apache.lucene.analysis.miscellaneous.WordDelimiterIterator;
import org.apache.lucene.analysis.pattern.PatternTokenizer;

/**
 * The one analyzer for memory text and query text, so that both are cut into the same terms.
 *
 * <p>Agents search with file paths, package names, identifiers and pasted error messages as often as
 * with prose. The chain therefore keeps such tokens whole and also splits them into their parts:
 * <ol>
 *   <li>a token is a run of letters and digits that may be joined by {@code _ . / \ : @ # $ % & + = ? ~ - '}
 *       (or a typographic apostrophe) and always starts and ends with a letter or digit, so
 *       surrounding quotes, brackets and trailing colons fall away
 *       ({@code 'apps/mcp-server/src/tools/search.ts':} becomes {@code apps/mcp-server/src/tools/search.ts});</li>
 *   <li>English contractions and possessives are reduced to their base word ({@link ContractionFilter}:
 *       {@code didn't} becomes {@code did}, {@code Tom's} becomes {@code Tom});</li>
 *   <li>each token is kept whole and split at the joiners, at case changes and between letters and
 *       digits ({@code SearchIndexFactory} yields itself plus {@code search}, {@code index},
 *       {@code factory});</li>
 *   <li>terms are lower-cased, folded to ASCII, the function words of {@link EnglishStopWords} are
 *       dropped and words of letters only are reduced with the Porter stemmer ({@code memories} and
 *       {@code memory} both become {@code memori}); a term holding digits or joiners, such as a path or
 *       a version, is kept as written;</li>
 *   <li>terms longer than {@value #MAX_TERM_CHARS} characters are dropped (their parts stay).</li>
 * </ol>
 * Offsets of the parts point into the original text, so snippets can centre on them. The index
 * only serves term queries (no phrases), so positions need not form a clean graph and the costly
 * graph flattening step is left out; offsets still never go backwards.
 */
final class MemoryAnalyzer extends Analyzer {

    /** Longest term kept in the index. */
    static final int MAX_TERM_CHARS = 128;

    private static final String WORD = "[\\p{L}\\p{N}]";
    private static final String JOINED = "[\\p{L}\\p{N}\\p{M}_./\\\\:@#$%&+=?~'\u2019\u02bc\\-]";
    private static final Pattern TOKEN = Pattern.compile(WORD + "(?:" + JOINED + "*" + WORD + ")?");
    /** Terms the stemmer leaves alone: any with a character that is not a letter. */
    private static final Pattern NOT_A_WORD = Pattern.compile(".*[^\\p{L}].*");

    private static final int WORD_DELIMITER_FLAGS = WordDelimiterGraphFilter.GENERATE_WORD_PARTS
            | WordDelimiterGraphFilter.GENERATE_NUMBER_PARTS
            | WordDelimiterGraphFilter.SPLIT_ON_CASE_CHANGE
            | WordDelimiterGraphFilter.SPLIT_ON_NUMERICS
            | WordDelimiterGraphFilter.STEM_ENGLISH_POSSESSIVE
            | WordDelimiterGraphFilter.PRESERVE_ORIGINAL;

    @Override
    protected TokenStreamComponents createComponents(String fieldName) {
        Tokenizer source = new PatternTokenizer(TOKEN, 0);
        TokenStream stream = new ContractionFilter(source);
        stream = new WordDelimiterGraphFilter(stream, true,
                WordDelimiterIterator.DEFAULT_WORD_DELIM_TABLE, WORD_DELIMITER_FLAGS, null);
        stream = new LowerCaseFilter(stream);
        stream = new ASCIIFoldingFilter(stream);
        stream = new StopFilter(stream, EnglishStopWords.SET);
        stream = new PatternKeywordMarkerFilter(stream, NOT_A_WORD);
        stream = new PorterStemFilter(stream);
        stream = new LengthFilter(stream, 1, MAX_TERM_CHARS);
        return new TokenStreamComponents(source, stream);
    }

    @Override
    protected TokenStream normalize(String fieldName, TokenStream in) {
        return new ASCIIFoldingFilter(new LowerCaseFilter(in));
    }
}
