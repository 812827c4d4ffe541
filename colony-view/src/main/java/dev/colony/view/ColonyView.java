package dev.colony.view;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.UserId;
import dev.colony.core.Colony;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/**
 * The live view's server: a read-only page of one user's colony on the loopback address, answered by the
 * JDK's HTTP server on a bounded pool ({@link #THREADS} threads, {@link #QUEUE} waiting requests; 503 beyond),
 * with at most {@link #MAX_STREAMS} open event streams (503 beyond).
 *
 * <p>Every request passes the {@link RequestGate} first (token, Host, Origin, GET or HEAD), and every response
 * carries a strict content security policy, {@code nosniff}, no referrer and no caching. The page is static
 * HTML, CSS and script from the classpath; its data comes from JSON reads under {@code /api/} through the
 * user's scope, and {@code /events} tells it, as server-sent events, which of them changed.
 */
public final class ColonyView implements AutoCloseable {

    /** Threads that answer requests. */
    public static final int THREADS = 4;
    /** Requests that may wait for a thread; more are answered 503 at once. */
    public static final int QUEUE = 32;
    /** Event streams open at once; more are answered 503. */
    public static final int MAX_STREAMS = 8;

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String STATIC = "/dev/colony/view/static/";
    private static final Pattern STATIC_NAME = Pattern.compile("[a-z][a-z0-9-]*\\.(js|css|html)");
    private static final Map<String, String> TYPES = Map.of("js", "text/javascript; charset=utf-8", "css",
            "text/css; charset=utf-8", "html", "text/html; charset=utf-8");
    /** Set on the thread that answers a request the pool had no room for. */
    private static final ThreadLocal<Boolean> OVERLOADED = ThreadLocal.withInitial(() -> false);

    private final HttpServer server;
    private final ThreadPoolExecutor pool;
    private final RequestGate gate;
    private final ViewReads reads;
    private final EventStreams streams = new EventStreams(MAX_STREAMS);
    private final ChangeWatcher watcher;

    private ColonyView(Colony colony, UserId user, int port) throws IOException {
        this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 0);
        this.pool = new ThreadPoolExecutor(THREADS, THREADS, 0, TimeUnit.MILLISECONDS,
                new ArrayBlockingQueue<>(QUEUE), runnable -> {
                    Thread thread = new Thread(runnable, "colony-view");
                    thread.setDaemon(true);
                    return thread;
                }, (task, executor) -> {
                    // No room: the request is answered 503 on the accepting thread, which reads nothing.
                    OVERLOADED.set(true);
                    try {
                        task.run();
                    } finally {
                        OVERLOADED.remove();
                    }
                });
        this.gate = new RequestGate(server.getAddress().getPort(), RequestGate.newToken());
        this.reads = new ViewReads(colony, user);
        this.watcher = new ChangeWatcher(reads.reader(), streams);
        server.setExecutor(pool);
        server.createContext("/", this::handle);
    }

    /**
     * Serves the view of {@code user}'s colony on 127.0.0.1 at {@code port} (0 picks a free port) until
     * {@link #close}.
     *
     * @throws IOException when the port cannot be bound
     */
    public static ColonyView start(Colony colony, UserId user, int port) throws IOException {
        if (port < 0 || port > 65_535) {
            throw ColonyException.invalid("port", "must be between 0 and 65535, was " + port);
        }
        ColonyView view = new ColonyView(colony, user, port);
        view.server.start();
        view.watcher.start();
        return view;
    }

    /** The port the view listens on. */
    public int port() {
        return server.getAddress().getPort();
    }

    /** The page's address with its token: whoever has it may read the view, so it goes to the user only. */
    public URI address() {
        return URI.create("http://127.0.0.1:" + port() + "/?" + RequestGate.TOKEN_PARAMETER + "=" + gate.token());
    }

    private void handle(HttpExchange exchange) throws IOException {
        boolean streaming = false;
        try {
            Headers headers = exchange.getResponseHeaders();
            headers.set("Content-Security-Policy", "default-src 'self'");
            headers.set("X-Content-Type-Options", "nosniff");
            headers.set("Referrer-Policy", "no-referrer");
            headers.set("Cache-Control", "no-store");
            headers.set("X-Frame-Options", "DENY");
            String method = exchange.getRequestMethod();
            URI uri = exchange.getRequestURI();
            Optional<RequestGate.Refusal> refusal = gate.check(method, uri, exchange.getRequestHeaders());
            if (refusal.isPresent()) {
                if (refusal.get().status() == 405) {
                    headers.set("Allow", RequestGate.ALLOW);
                }
                text(exchange, refusal.get().status(), refusal.get().reason());
                return;
            }
            if (OVERLOADED.get()) {
                text(exchange, 503, "busy, try again");
                return;
            }
            streaming = route(exchange, uri.getPath(), query(uri));
        } catch (RuntimeException e) {
            // Never a stack trace to the page: the error is logged, the page told that it failed.
            System.getLogger(ColonyView.class.getName()).log(System.Logger.Level.WARNING, "view request failed", e);
            if (exchange.getResponseCode() == -1) {
                text(exchange, 500, "the view failed to read this; see its log");
            }
        } finally {
            if (!streaming) {
                exchange.close();
            }
        }
    }

    /** Answers the request; true when it opened an event stream, which stays open. */
    private boolean route(HttpExchange exchange, String path, Map<String, String> query) throws IOException {
        switch (path) {
            case "/", "/index.html" -> {
                if (gate.tokenInQuery(exchange.getRequestURI())) {
                    exchange.getResponseHeaders().add("Set-Cookie", gate.cookie());
                }
                resource(exchange, "index.html");
            }
            case "/events" -> {
                return events(exchange);
            }
            case "/api/lanes" -> json(exchange, reads::lanes);
            case "/api/claims" -> json(exchange, reads::claims);
            case "/api/plans" -> json(exchange, reads::plans);
            case "/api/inbox" -> json(exchange, () -> reads.inbox(query.get("agent")));
            case "/api/runs" -> json(exchange, reads::runs);
            case "/api/output" -> json(exchange, () -> reads.output(query.get("run"), number(query, "offset")));
            case "/api/search" -> json(exchange, () -> reads.search(query.get("q"), query.get("type"),
                    query.get("topic")));
            case "/api/memory" -> json(exchange, () -> reads.memory(Optional.ofNullable(number(query, "id"))
                    .orElseThrow(() -> ColonyException.invalid("id", "is required"))));
            case "/api/feed" -> json(exchange, () -> reads.feed(query.get("topic")));
            default -> {
                String name = path.startsWith("/static/") ? path.substring("/static/".length()) : "";
                if (STATIC_NAME.matcher(name).matches()) {
                    resource(exchange, name);
                } else {
                    text(exchange, 404, "not found");
                }
            }
        }
        return false;
    }

    /** Opens an event stream, unless {@link #MAX_STREAMS} are open; true when it was opened. */
    private boolean events(HttpExchange exchange) throws IOException {
        if (exchange.getRequestMethod().equals("HEAD")) {
            exchange.getResponseHeaders().set("Content-Type", "text/event-stream; charset=utf-8");
            exchange.sendResponseHeaders(200, -1);
            return false;
        }
        if (!streams.reserve()) {
            text(exchange, 503, "too many open views; close one");
            return false;
        }
        // The exchange stays open after the handler returns: the watcher writes to it until the page goes away.
        return streams.open(exchange, "retry: 1000\nevent: hello\ndata: {}\n\n");
    }

    private void json(HttpExchange exchange, Supplier<ObjectNode> read) throws IOException {
        ObjectNode body;
        int status = 200;
        try {
            body = read.get();
        } catch (ColonyException e) {
            status = e.code() == ErrorCode.INVALID_ARGUMENT ? 400 : e.code().name().endsWith("NOT_FOUND") ? 404 : 409;
            body = MAPPER.createObjectNode();
            body.put("error", e.code().name());
            body.put("field", e.field());
            body.put("message", e.getMessage());
        }
        send(exchange, status, "application/json; charset=utf-8", MAPPER.writeValueAsBytes(body));
    }

    private void resource(HttpExchange exchange, String name) throws IOException {
        try (InputStream in = ColonyView.class.getResourceAsStream(STATIC + name)) {
            if (in == null) {
                text(exchange, 404, "not found");
                return;
            }
            send(exchange, 200, TYPES.get(name.substring(name.lastIndexOf('.') + 1)), in.readAllBytes());
        }
    }

    private static void text(HttpExchange exchange, int status, String text) throws IOException {
        send(exchange, status, "text/plain; charset=utf-8", (text + "\n").getBytes(StandardCharsets.UTF_8));
    }

    private static void send(HttpExchange exchange, int status, String type, byte[] body) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", type);
        if (exchange.getRequestMethod().equals("HEAD")) {
            exchange.sendResponseHeaders(status, -1);
            return;
        }
        exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    private static Map<String, String> query(URI uri) {
        Map<String, String> values = new HashMap<>();
        String raw = uri.getRawQuery();
        if (raw == null) {
            return values;
        }
        for (String pair : raw.split("&")) {
            int eq = pair.indexOf('=');
            String name = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
            String value = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            if (!value.isBlank()) {
                values.putIfAbsent(name, value);
            }
        }
        return values;
    }

    private static Long number(Map<String, String> query, String name) {
        String value = query.get(name);
        if (value == null) {
            return null;
        }
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw ColonyException.invalid(name, "must be a number");
        }
    }

    /** Stops serving: closes the event streams, the watcher and the server. */
    @Override
    public void close() {
        watcher.close();
        streams.close();
        server.stop(0);
        pool.shutdownNow();
    }
}
