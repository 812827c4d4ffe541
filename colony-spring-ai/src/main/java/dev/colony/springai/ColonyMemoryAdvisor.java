package dev.colony.springai;

import dev.colony.api.CallerScope;
import dev.colony.api.ColonyException;
import dev.colony.api.memory.SearchHit;
import dev.colony.api.memory.SearchQuery;
import dev.colony.api.metric.ToolMetric;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;
import org.springframework.ai.chat.client.ChatClientRequest;
import org.springframework.ai.chat.client.ChatClientResponse;
import org.springframework.ai.chat.client.advisor.api.Advisor;
import org.springframework.ai.chat.client.advisor.api.AdvisorChain;
import org.springframework.ai.chat.client.advisor.api.BaseAdvisor;
import org.springframework.ai.chat.messages.SystemMessage;
import org.springframework.ai.chat.messages.UserMessage;

/**
 * A Spring AI advisor that puts the caller's long-term memories relevant to the user's message into the prompt:
 * Colony's search (hybrid where the Colony has an embedder) over the memories the caller may read, each hit one
 * compact line ({@code - #id kind: snippet}) appended to the system message, best first, as many as fit in a
 * token budget (estimated as Colony's tool metrics do, a token per four UTF-8 bytes). The model can ask for a
 * whole memory by its id through Colony's tools. Without a user text or a hit the prompt is left as it was.
 *
 * <p>It runs just after Spring's chat memory advisors ({@link #ORDER}). Thread-safe.
 */
public final class ColonyMemoryAdvisor implements BaseAdvisor {

    /** The advisor's order: right after the chat memory advisors of Spring's default order. */
    public static final int ORDER = Advisor.DEFAULT_CHAT_MEMORY_PRECEDENCE_ORDER + 10;

    /** The token budget when none is given. */
    public static final int DEFAULT_TOKEN_BUDGET = 400;

    /** The most memories searched for when not given. */
    public static final int DEFAULT_MAX_MEMORIES = 8;

    /** The line that opens the memories in the system message. */
    static final String HEADING = "Relevant long-term memories (Colony; ask for a whole one by its id):";

    private final CallerScope caller;
    private final int tokenBudget;
    private final int maxMemories;

    /** An advisor for {@code caller} with the default budget and count. */
    public ColonyMemoryAdvisor(CallerScope caller) {
        this(caller, DEFAULT_TOKEN_BUDGET, DEFAULT_MAX_MEMORIES);
    }

    /**
     * An advisor for {@code caller} adding at most {@code maxMemories} memories within {@code tokenBudget}
     * estimated tokens (the heading included).
     */
    public ColonyMemoryAdvisor(CallerScope caller, int tokenBudget, int maxMemories) {
        this.caller = Objects.requireNonNull(caller, "caller");
        if (tokenBudget < 1) {
            throw ColonyException.invalid("tokenBudget", "must be at least 1, was " + tokenBudget);
        }
        if (maxMemories < 1) {
            throw ColonyException.invalid("maxMemories", "must be at least 1, was " + maxMemories);
        }
        this.tokenBudget = tokenBudget;
        this.maxMemories = maxMemories;
    }

    @Override
    public ChatClientRequest before(ChatClientRequest request, AdvisorChain chain) {
        UserMessage user = request.prompt().getUserMessage();
        String question = user == null ? null : user.getText();
        if (question == null || question.isBlank()) {
            return request;
        }
        String block = memories(caller.memories().search(SearchQuery.of(question).withLimit(maxMemories)));
        if (block == null) {
            return request;
        }
        return request.mutate().prompt(request.prompt().augmentSystemMessage(system -> SystemMessage.builder()
                .text(system.getText() == null || system.getText().isEmpty() ? block
                        : system.getText() + "\n\n" + block)
                .metadata(system.getMetadata()).build())).build();
    }

    @Override
    public ChatClientResponse after(ChatClientResponse response, AdvisorChain chain) {
        return response;
    }

    @Override
    public int getOrder() {
        return ORDER;
    }

    /** The heading and as many hit lines as fit in the budget, or null when none fits. */
    private String memories(List<SearchHit> hits) {
        StringBuilder block = new StringBuilder(HEADING);
        int lines = 0;
        for (SearchHit hit : hits) {
            String line = "\n- #" + hit.id().value() + " " + hit.kind().name() + ": "
                    + hit.snippet().replaceAll("\\s+", " ").strip();
            if (tokens(block) + tokens(line) > tokenBudget) {
                break;
            }
            block.append(line);
            lines++;
        }
        return lines == 0 ? null : block.toString();
    }

    private static long tokens(CharSequence text) {
        return ToolMetric.estimateTokens(text.toString().getBytes(StandardCharsets.UTF_8).length);
    }

    @Override
    public String toString() {
        return "ColonyMemoryAdvisor[" + caller.actor() + ", tokenBudget=" + tokenBudget + "]";
    }
}
