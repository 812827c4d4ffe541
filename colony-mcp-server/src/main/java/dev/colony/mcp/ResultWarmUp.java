package dev.colony.mcp;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Loads, off the clients' path, the classes with which a tool result record becomes a JSON tree: Jackson's
 * introspection of records, its serializers and the tree it reads back, some 400 classes that a cold process
 * otherwise loads inside its first tool call (a third of a second and more on two busy cores). It converts a
 * sample record of the same make as a result (text, numbers, a list of records) with a mapper configured like the
 * results' one; classes are shared by every mapper, so the first real call finds them loaded.
 */
public final class ResultWarmUp {

    private static final Logger LOG = LoggerFactory.getLogger(ResultWarmUp.class);

    /** A record shaped like a result: a text, a number, an optional value and a list of its own kind. */
    record Sample(String text, long number, Double score, List<Sample> parts) {
    }

    private ResultWarmUp() {
    }

    /** Converts a sample record to a JSON tree once; a failure is only logged. */
    public static void run() {
        try {
            new ObjectMapper().setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
                    .valueToTree(new Sample("warm", 1, 0.5, List.of(new Sample("up", 2, null, List.of()))));
        } catch (RuntimeException e) {
            LOG.debug("warming up the result JSON failed: {}", e.toString());
        }
    }
}
