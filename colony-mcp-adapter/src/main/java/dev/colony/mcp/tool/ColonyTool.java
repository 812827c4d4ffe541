package dev.colony.mcp.tool;

/**
 * One MCP tool of the Colony server: its name, its description and argument schema (what a model
 * reads before calling it), and the call itself.
 *
 * <p>A tool returns a JSON-compatible value (maps, lists, strings, numbers, booleans, {@code null})
 * that the server serialises as the call's text content. It reports bad input and domain failures by
 * throwing {@link dev.colony.api.ColonyException}; the server turns those into error results with the
 * stable code. Implementations are stateless and thread-safe.
 */
public interface ColonyTool {

    /** The tool name, as clients call it (snake_case). */
    String name();

    /** What the tool does and when to use it. */
    String description();

    /** The argument schema; every parameter is described. */
    InputSchema schema();

    /** Whether the tool only reads; clients may use the hint to call it without asking. */
    default boolean readOnly() {
        return true;
    }

    /**
     * Runs the tool.
     *
     * @param context who is calling and the Colony to act on
     * @param arguments the call's arguments, already checked against the declared names
     * @return a JSON-compatible result
     */
    Object call(ToolContext context, Arguments arguments);
}
