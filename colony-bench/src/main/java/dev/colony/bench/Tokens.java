package dev.colony.bench;

/**
 * Words that occur in no generated memory and in no other token: the letters {@code qz} and a prefix,
 * the number written in base 26 with letters, and a final {@code x}, so a search for one finds exactly
 * the memory that holds it.
 */
final class Tokens {

    private Tokens() {
    }

    /** The unique word of number {@code n} under {@code prefix} (letters only). */
    static String unique(String prefix, long n) {
        StringBuilder word = new StringBuilder("qz").append(prefix);
        long rest = n;
        do {
            word.append((char) ('a' + rest % 26));
            rest /= 26;
        } while (rest > 0);
        // A final x: no stemming rule removes or rewrites it, so no two tokens stem alike.
        return word.append('x').toString();
    }
}
