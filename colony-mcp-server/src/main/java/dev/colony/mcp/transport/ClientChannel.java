package dev.colony.mcp.transport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.concurrent.CompletableFuture;

/**
 * The way from the server to the connected client: what the client declared it can do, and requests of the
 * server's own (such as {@code elicitation/create}) whose answers the transport routes back.
 */
public interface ClientChannel {

    /** A channel to a client that declared nothing and is never asked anything. */
    ClientChannel NONE = new ClientChannel() {
        @Override
        public boolean declared(String capability) {
            return false;
        }

        @Override
        public CompletableFuture<JsonNode> request(String method, ObjectNode params) {
            return CompletableFuture.failedFuture(new IllegalStateException("no client to ask"));
        }
    };

    /** Whether the client's {@code initialize} declared the capability (e.g. {@code elicitation}). */
    boolean declared(String capability);

    /**
     * Sends {@code method} with {@code params} to the client; the future completes with the client's result, or
     * fails with its error, or when the connection ends first.
     */
    CompletableFuture<JsonNode> request(String method, ObjectNode params);
}
