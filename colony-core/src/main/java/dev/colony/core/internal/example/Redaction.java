package dev.colony.core.internal.example;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Masks secrets before anything foraged is stored: private key blocks, credentials in URLs, values assigned to
 * key-like names ({@code api_key}, {@code secret}, {@code token}, {@code password}, ...), and strings shaped like
 * well-known access tokens. Files that hold secrets by convention ({@code .env}, {@code .env.*}, key stores) are
 * never read at all.
 */
final class Redaction {

    /** What a masked secret reads as. */
    static final String MASK = "[redacted]";

    private static final Pattern PRIVATE_KEY = Pattern.compile(
            "-----BEGIN [A-Z ]*PRIVATE KEY-----[\\s\\S]*?(-----END [A-Z ]*PRIVATE KEY-----|\\z)");
    private static final Pattern URL_CREDENTIALS = Pattern.compile("(://)[^/\\s:@]+:[^/\\s@]+@");
    /** A key-like name, then {@code =} or {@code :}, then a quoted value or a long bare token. */
    private static final Pattern ASSIGNED = Pattern.compile("(?i)([A-Za-z0-9_.-]*(?:api[_-]?key|secret|token|passw"
            + "(?:or)?d|pwd|private[_-]?key|access[_-]?key|client[_-]?secret|auth[_-]?key)[A-Za-z0-9_.-]*[\"']?"
            + "\\s*[:=]\\s*)(?:([\"'])([^\"'\\r\\n]{6,})\\2|([A-Za-z0-9_+/=.~-]{12,})(?=\\s|$|[,;]))",
            Pattern.MULTILINE);
    /** A version requirement ({@code ^9.0.0}, {@code >=2.1}), which a package named like a key is followed by. */
    private static final Pattern VERSION = Pattern.compile("[~^<>=!v ]*\\d+(\\.[0-9x*]+)*[A-Za-z0-9.+-]{0,16}");
    private static final List<Pattern> TOKENS = List.of(
            Pattern.compile("\\b(?:sk|rk|pk)_(?:live|test)_[0-9A-Za-z]{8,}"),
            Pattern.compile("\\bsk-[A-Za-z0-9_-]{20,}"),
            Pattern.compile("\\bAKIA[0-9A-Z]{16}\\b"),
            Pattern.compile("\\bgh[pousr]_[A-Za-z0-9]{20,}"),
            Pattern.compile("\\bxox[abprs]-[A-Za-z0-9-]{10,}"),
            Pattern.compile("\\bAIza[0-9A-Za-z_-]{35}"),
            Pattern.compile("\\beyJ[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]{8,}"));

    private Redaction() {
    }

    /** Whether a file of this (lowercase) name holds secrets by convention and is never opened. */
    static boolean isSecretsFile(String name) {
        return name.equals(".env") || name.startsWith(".env.") || name.endsWith(".pem") || name.endsWith(".key")
                || name.endsWith(".p12") || name.endsWith(".jks") || name.endsWith(".keystore")
                || name.equals(".npmrc") || name.equals(".pypirc") || name.equals("credentials")
                || name.startsWith("id_rsa") || name.startsWith("id_ed25519");
    }

    /** {@code text} with every secret this class recognises masked. */
    static String mask(String text) {
        String masked = PRIVATE_KEY.matcher(text).replaceAll(MASK);
        masked = URL_CREDENTIALS.matcher(masked).replaceAll("$1" + Matcher.quoteReplacement(MASK) + "@");
        Matcher assigned = ASSIGNED.matcher(masked);
        StringBuilder out = new StringBuilder();
        while (assigned.find()) {
            String value = assigned.group(3) != null ? assigned.group(3) : assigned.group(4);
            if (VERSION.matcher(value).matches()) {
                continue;
            }
            String quote = assigned.group(2) == null ? "" : assigned.group(2);
            assigned.appendReplacement(out, Matcher.quoteReplacement(assigned.group(1) + quote + MASK + quote));
        }
        assigned.appendTail(out);
        masked = out.toString();
        for (Pattern token : TOKENS) {
            masked = token.matcher(masked).replaceAll(Matcher.quoteReplacement(MASK));
        }
        return masked;
    }
}
