package dev.colony.mcp.transport;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.colony.mcp.ColonyMcpServer;
import dev.colony.tool.ToolSpec;
import dev.colony.tool.Toolset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What every agent pays for the tool surface in each conversation: the {@code tools/list} answer as the
 * transport writes it, measured in characters, for the default tools and for a server with shell runs on.
 *
 * <p>From 93,713 characters of names, descriptions and input schemas and 171,902 in all (with shell runs), the
 * surface came within the budget by saying each thing once: every tool acts as the server's session; parameters
 * that mean the same everywhere ({@link dev.colony.tool.SharedParams}) and the budget note of compact results
 * are explained in the instructions; schemas state only the bounds that guide a value; output schemas name
 * fields two levels deep; descriptions say what their tool does, not its error codes, which a refusal names.
 */
class ToolListBudgetTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Names, descriptions and input schemas of all tools together. */
    static final int MAX_DECLARATION_CHARS = 40_000;

    /** The whole {@code tools/list} result, output schemas and annotations included. */
    static final int MAX_LIST_CHARS = 90_000;

    /**
     * Names, descriptions and input schemas with every toolset mounted, the spec toolset too: it is off by default
     * (its tools write into repositories), so the default list keeps {@link #MAX_DECLARATION_CHARS} and an operator
     * who names every toolset pays at most this.
     */
    static final int MAX_WHOLE_SURFACE_DECLARATION_CHARS = 45_000;

    /** The whole {@code tools/list} result with every toolset mounted. */
    static final int MAX_WHOLE_SURFACE_LIST_CHARS = 100_000;

    /** The {@code initialize} instructions, where concepts shared by many tools are said once. */
    static final int MAX_INSTRUCTIONS_CHARS = 2_500;

    @Test
    void theDefaultToolListFitsTheBudget() throws Exception {
        assertWithinBudget("default", ColonyMcpServer.tools(false), MAX_DECLARATION_CHARS, MAX_LIST_CHARS);
    }

    @Test
    void theToolListWithShellRunsFitsTheBudget() throws Exception {
        assertWithinBudget("shell", ColonyMcpServer.tools(true), MAX_DECLARATION_CHARS, MAX_LIST_CHARS);
    }

    @Test
    void theWholeSurfaceFitsTheBudget() throws Exception {
        assertWithinBudget("every toolset, shell", ColonyMcpServer.tools(EnumSet.allOf(Toolset.class), true),
                MAX_WHOLE_SURFACE_DECLARATION_CHARS, MAX_WHOLE_SURFACE_LIST_CHARS);
    }

    private static void assertWithinBudget(String label, List<ToolSpec<?, ?>> mounted, int maxDeclarations,
            int maxList) throws Exception {
        ListHost host = new ListHost(ColonyMcpServer.definitions(mounted));
        String result;
        JsonNode instructions;
        try (StdioWire wire = StdioWire.start(host, TransportLimits.defaults())) {
            instructions = wire.initialize("budget").get("result").get("instructions");
            wire.request(1, "tools/list", null);
            String line = wire.nextLine();
            JsonNode answer = JSON.readTree(line);
            assertThat(answer.get("id").asInt()).isEqualTo(1);
            result = answer.get("result").toString();
        }
        JsonNode tools = JSON.readTree(result).get("tools");
        int declarations = 0;
        List<Map.Entry<String, Integer>> sizes = new ArrayList<>();
        for (JsonNode tool : tools) {
            int declaration = tool.get("name").asText().length() + tool.get("description").asText().length()
                    + tool.get("inputSchema").toString().length();
            declarations += declaration;
            sizes.add(Map.entry(tool.get("name").asText(), declaration));
        }
        sizes.sort(Map.Entry.<String, Integer>comparingByValue(Comparator.reverseOrder()));
        System.out.printf("tools/list (%s): %d tools, %d chars whole, %d chars name+description+inputSchema, "
                + "instructions %d chars; largest declarations %s%n", label, tools.size(), result.length(), declarations,
                instructions.asText().length(), sizes.subList(0, 12));

        assertThat(declarations).as("names, descriptions and input schemas of the %s tools", label)
                .isLessThanOrEqualTo(maxDeclarations);
        assertThat(result.length()).as("the whole tools/list answer (%s)", label).isLessThanOrEqualTo(maxList);
        assertThat(instructions.asText().length()).as("the initialize instructions")
                .isLessThanOrEqualTo(MAX_INSTRUCTIONS_CHARS);
        for (JsonNode tool : tools) {
            tool.get("inputSchema").get("properties").properties().forEach(property -> {
                if (!property.getValue().has("description")) {
                    assertThat(instructions.asText()).as("the instructions explain %s of %s", property.getKey(),
                            tool.get("name").asText()).contains(" " + property.getKey() + ": ");
                }
            });
        }
    }

    /** Serves the definitions and the instructions of the real server, without a store (no tool is called). */
    private record ListHost(ArrayNode definitions) implements ToolHost {

        @Override
        public ObjectNode serverInfo() {
            return ColonyMcpServer.describeServer();
        }

        @Override
        public String instructions() {
            return ColonyMcpServer.guidance();
        }

        @Override
        public ArrayNode tools() {
            return definitions;
        }

        @Override
        public boolean hasTool(String name) {
            return false;
        }

        @Override
        public ObjectNode call(String name, ObjectNode arguments) {
            throw new UnsupportedOperationException("the budget test calls no tool");
        }
    }
}
