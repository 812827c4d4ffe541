package dev.colony.store.postgres;

import dev.colony.api.ColonyException;
import java.util.Locale;
import java.util.regex.Pattern;

/** Recognises PostgreSQL JDBC URLs and makes them safe to print. */
public final class PostgresUrls {

    /** The prefix of every URL the PostgreSQL JDBC driver accepts. */
    public static final String PREFIX = "jdbc:postgresql:";

    /** A password in the query string, also the TLS key's password. */
    private static final Pattern PASSWORD_PARAMETER =
            Pattern.compile("(?i)([?&;](?:ssl)?password=)[^&;]*");
    /** Credentials written before the host: {@code //user:secret@host}. */
    private static final Pattern USER_INFO = Pattern.compile("//([^/@:?]*):[^/@?]*@");

    private PostgresUrls() {
    }

    /** Whether {@code location} is a PostgreSQL JDBC URL (case of the scheme ignored). */
    public static boolean isPostgresUrl(String location) {
        return location != null && location.strip().toLowerCase(Locale.ROOT).startsWith(PREFIX);
    }

    /**
     * {@code url} with every password replaced by {@code ***}, for logs and messages: the user name,
     * host, port, database and other parameters stay, so the line still says where the store is.
     */
    public static String redact(String url) {
        if (url == null) {
            return null;
        }
        String redacted = PASSWORD_PARAMETER.matcher(url).replaceAll("$1***");
        return USER_INFO.matcher(redacted).replaceAll("//$1:***@");
    }

    /**
     * Checks that {@code url} is a PostgreSQL JDBC URL.
     *
     * @throws ColonyException {@code INVALID_ARGUMENT} on field {@code jdbc_url} otherwise, quoting the
     *     URL without its passwords
     */
    static String require(String url) {
        if (!isPostgresUrl(url)) {
            throw ColonyException.invalid("jdbc_url", "must start with '" + PREFIX + "', was '" + redact(url) + "'");
        }
        return url.strip();
    }
}
