package dev.colony.view;

import com.sun.net.httpserver.Headers;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What every request of the view must pass before anything is read: a safe method (GET or HEAD), a
 * {@code Host} naming the loopback address and the view's port (a page of another site that re-points its
 * name at 127.0.0.1 is refused), an {@code Origin}, when sent, equal to the view's own, and the view's
 * secret token, given once in the page's address and from then on by an {@code HttpOnly},
 * {@code SameSite=Strict} cookie (or again as {@code ?token=}).
 */
final class RequestGate {

    /** The methods the view answers; every other is refused with 405. */
    static final String ALLOW = "GET, HEAD";
    /** The query parameter that carries the token. */
    static final String TOKEN_PARAMETER = "token";

    private final int port;
    private final String token;

    RequestGate(int port, String token) {
        this.port = port;
        this.token = token;
    }

    /** A new random token: 192 bits, URL-safe base64 without padding. */
    static String newToken() {
        byte[] bytes = new byte[24];
        new SecureRandom().nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /** A refusal: its status and a short reason for the response body. */
    record Refusal(int status, String reason) {
    }

    /** The token of this view. */
    String token() {
        return token;
    }

    /** The name of the cookie that carries the token: one per port, so two views on one machine do not collide. */
    String cookieName() {
        return "colony_view_" + port;
    }

    /** The {@code Set-Cookie} value that gives the browser the token after the first page load. */
    String cookie() {
        return cookieName() + "=" + token + "; Path=/; HttpOnly; SameSite=Strict";
    }

    /**
     * Why the request is refused, or empty when it may be answered: 403 for a foreign {@code Host} or
     * {@code Origin} or a wrong token, 405 for a method other than GET or HEAD, 401 without a token.
     */
    Optional<Refusal> check(String method, URI uri, Headers headers) {
        String host = headers.getFirst("Host");
        if (host == null || !hosts().contains(host.toLowerCase(Locale.ROOT))) {
            return Optional.of(new Refusal(403, "Host must be 127.0.0.1:" + port + " or localhost:" + port));
        }
        String origin = headers.getFirst("Origin");
        if (origin != null && !origins().contains(origin.toLowerCase(Locale.ROOT))) {
            return Optional.of(new Refusal(403, "cross-origin requests are refused"));
        }
        if (!method.equals("GET") && !method.equals("HEAD")) {
            return Optional.of(new Refusal(405, "the view only reads: GET or HEAD"));
        }
        String given = queryToken(uri).or(() -> cookieToken(headers)).orElse(null);
        if (given == null) {
            return Optional.of(new Refusal(401, "open the address printed by 'colony view', with its token"));
        }
        if (!MessageDigest.isEqual(given.getBytes(StandardCharsets.UTF_8), token.getBytes(StandardCharsets.UTF_8))) {
            return Optional.of(new Refusal(403, "wrong token"));
        }
        return Optional.empty();
    }

    /** Whether the request carried the token in its address (a first page load). */
    boolean tokenInQuery(URI uri) {
        return queryToken(uri).isPresent();
    }

    private List<String> hosts() {
        return List.of("127.0.0.1:" + port, "localhost:" + port);
    }

    private List<String> origins() {
        return List.of("http://127.0.0.1:" + port, "http://localhost:" + port);
    }

    private static Optional<String> queryToken(URI uri) {
        String query = uri.getRawQuery();
        if (query == null) {
            return Optional.empty();
        }
        for (String pair : query.split("&")) {
            if (pair.startsWith(TOKEN_PARAMETER + "=")) {
                return Optional.of(pair.substring(TOKEN_PARAMETER.length() + 1));
            }
        }
        return Optional.empty();
    }

    private Optional<String> cookieToken(Headers headers) {
        List<String> cookies = headers.get("Cookie");
        if (cookies == null) {
            return Optional.empty();
        }
        String prefix = cookieName() + "=";
        for (String header : cookies) {
            for (String cookie : header.split(";")) {
                String trimmed = cookie.strip();
                if (trimmed.startsWith(prefix)) {
                    return Optional.of(trimmed.substring(prefix.length()));
                }
            }
        }
        return Optional.empty();
    }
}
