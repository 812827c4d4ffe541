package dev.colony.tool;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Questions put to the user of the connected client through MCP elicitation ({@code elicitation/create}), once
 * the client declared it can answer them; until then, and for clients that never do, nothing is asked.
 */
public final class UserQuestions {

    /** The name of the one field the client's form asks for. */
    static final String ANSWER = "answer";

    private volatile Requester requester;

    /** Sends a request to the client and completes with its result. */
    @FunctionalInterface
    public interface Requester {
        /** Sends {@code method} with {@code params}. */
        CompletableFuture<JsonNode> request(String method, ObjectNode params);
    }

    /** The client declared elicitation: from now on questions go to it through {@code channel}. */
    public void connect(Requester channel) {
        this.requester = channel;
    }

    /** Whether the client can be asked. */
    public boolean available() {
        return requester != null;
    }

    /**
     * Asks the user {@code question}; the future completes with the answer, or empty when the client cannot be
     * asked, or the user declined, cancelled, answered nothing, or did not answer within {@code wait}. No thread
     * waits meanwhile; once the future completes (or is cancelled) the request to the client is dropped.
     */
    public CompletableFuture<Optional<String>> ask(String question, Duration wait) {
        Requester channel = requester;
        if (channel == null) {
            return CompletableFuture.completedFuture(Optional.empty());
        }
        ObjectNode params = JsonNodeFactory.instance.objectNode();
        params.put("message", question);
        ObjectNode schema = params.putObject("requestedSchema");
        schema.put("type", "object");
        schema.putObject("properties").putObject(ANSWER).put("type", "string").put("description", "Your answer");
        schema.putArray("required").add(ANSWER);
        CompletableFuture<JsonNode> asked = channel.request("elicitation/create", params);
        CompletableFuture<Optional<String>> answer = asked.handle((result, failure) -> failure == null
                ? answerIn(result) : Optional.<String>empty());
        answer.completeOnTimeout(Optional.empty(), wait.toMillis(), TimeUnit.MILLISECONDS);
        answer.whenComplete((given, failure) -> asked.cancel(false));
        return answer;
    }

    private static Optional<String> answerIn(JsonNode result) {
        JsonNode action = result.get("action");
        JsonNode answer = result.path("content").get(ANSWER);
        if (action == null || !"accept".equals(action.asText()) || answer == null || !answer.isTextual()
                || answer.textValue().isBlank()) {
            return Optional.empty();
        }
        return Optional.of(answer.textValue());
    }
}
