package dev.colony.view;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The open server-sent event streams, at most {@code cap} at once: a stream is opened by a page's
 * {@code EventSource}, kept open by the exchange it came on, written by the change watcher only, and dropped
 * at the first write that fails (the page went away).
 */
final class EventStreams implements AutoCloseable {

    private final int cap;
    private final AtomicInteger count = new AtomicInteger();
    private final Set<HttpExchange> open = ConcurrentHashMap.newKeySet();

    EventStreams(int cap) {
        this.cap = cap;
    }

    /** Reserves a place for a new stream; false when {@code cap} streams are open already. */
    boolean reserve() {
        if (count.incrementAndGet() > cap) {
            count.decrementAndGet();
            return false;
        }
        return true;
    }

    /**
     * Opens the stream of {@code exchange} (its place reserved): sends the headers and {@code first} (an event in
     * wire form), then keeps it for {@link #send}; false (its place given back) when that first write fails.
     */
    boolean open(HttpExchange exchange, String first) {
        try {
            exchange.getResponseHeaders().set("Content-Type", "text/event-stream; charset=utf-8");
            exchange.sendResponseHeaders(200, 0);
            write(exchange, first);
            open.add(exchange);
            return true;
        } catch (IOException e) {
            count.decrementAndGet();
            return false;
        }
    }

    /** How many streams are open. */
    int size() {
        return open.size();
    }

    /** Writes {@code event} with {@code data} (one line of JSON) to every open stream. */
    void send(String event, String data) {
        broadcast("event: " + event + "\ndata: " + data + "\n\n");
    }

    /** A comment line, which keeps proxies and the browser from idling the stream out and finds closed ones. */
    void keepAlive() {
        broadcast(": alive\n\n");
    }

    private void broadcast(String frame) {
        for (HttpExchange exchange : open) {
            try {
                write(exchange, frame);
            } catch (IOException e) {
                release(exchange);
            }
        }
    }

    private static void write(HttpExchange exchange, String frame) throws IOException {
        synchronized (exchange) {
            OutputStream body = exchange.getResponseBody();
            body.write(frame.getBytes(StandardCharsets.UTF_8));
            body.flush();
        }
    }

    private void release(HttpExchange exchange) {
        if (open.remove(exchange)) {
            count.decrementAndGet();
            exchange.close();
        }
    }

    @Override
    public void close() {
        for (HttpExchange exchange : open) {
            release(exchange);
        }
    }
}
