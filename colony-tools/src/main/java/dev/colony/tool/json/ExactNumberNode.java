package dev.colony.tool.json;

import com.fasterxml.jackson.databind.node.DecimalNode;
import java.math.BigDecimal;

/**
 * A JSON number that {@link JsonTrees} writes back as the very text it was read from: a request id must come back
 * as the client sent it, and a client that sent {@code 1.0}, {@code 1e3} or thirty digits cannot match a rewritten
 * number. Its value (for matching a cancellation to its request) is the exact decimal the text spells.
 */
public final class ExactNumberNode extends DecimalNode {

    private static final long serialVersionUID = 1L;

    private final String text;

    private ExactNumberNode(String text, BigDecimal value) {
        super(value);
        this.text = text;
    }

    /**
     * The number spelled by {@code text}, a JSON number token as read.
     *
     * @throws NumberFormatException when its exponent is beyond what a decimal can hold
     */
    public static ExactNumberNode of(String text) {
        return new ExactNumberNode(text, new BigDecimal(text));
    }

    /** The text it was read from. */
    public String text() {
        return text;
    }

    @Override
    public String asText() {
        return text;
    }

    @Override
    public String toString() {
        return text;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof ExactNumberNode exact && exact.text.equals(text);
    }

    @Override
    public int hashCode() {
        return text.hashCode();
    }
}
