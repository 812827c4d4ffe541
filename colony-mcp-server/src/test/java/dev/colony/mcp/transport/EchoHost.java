package dev.colony.mcp.transport;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** A host without a store for protocol tests: one tool, {@code echo}, that returns its arguments as text. */
final class EchoHost implements ToolHost {

    static final String ECHO = "echo";

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    @Override
    public ObjectNode serverInfo() {
        ObjectNode info = NODES.objectNode();
        info.put("name", "echo-server");
        info.put("version", "1");
        return info;
    }

    @Override
    public String instructions() {
        return null;
    }

    @Override
    public ArrayNode tools() {
        ArrayNode tools = NODES.arrayNode();
        ObjectNode echo = tools.addObject();
        echo.put("name", ECHO);
        echo.put("description", "Returns its arguments.");
        echo.putObject("inputSchema").put("type", "object");
        return tools;
    }

    @Override
    public boolean hasTool(String name) {
        return ECHO.equals(name);
    }

    @Override
    public ObjectNode call(String name, ObjectNode arguments) {
        ObjectNode result = NODES.objectNode();
        result.putArray("content").addObject().put("type", "text").put("text", arguments.toString());
        result.put("isError", false);
        return result;
    }
}
