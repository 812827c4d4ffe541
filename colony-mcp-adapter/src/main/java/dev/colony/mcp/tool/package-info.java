/**
 * Declarative MCP tools: a tool is one {@link dev.colony.mcp.tool.ToolSpec} (name, title, description,
 * argument record, result record, read-only hint, handler), and the {@link dev.colony.mcp.tool.ToolCatalog}
 * serves a list of them as plain JSON to whichever transport carries it.
 *
 * <p>Arguments are declared once, on the record components of the tool's argument record, with
 * {@link dev.colony.mcp.tool.Param}, {@link dev.colony.mcp.tool.Range}, {@link dev.colony.mcp.tool.Size}
 * and {@link dev.colony.mcp.tool.Choices}; {@link dev.colony.mcp.tool.ArgumentSchema} turns that one
 * declaration into the published {@code inputSchema} and into the check every call passes (unknown
 * arguments refused, every error naming its field). Results are records serialised by Jackson with
 * snake_case names, sent both as text and as {@code structuredContent}, and described by an
 * {@code outputSchema} that {@link dev.colony.mcp.tool.ResultSchema} generates from the same record.
 * Integer bounds stay within what JavaScript clients read exactly.
 *
 * <p>Tools are grouped by area, one subpackage each, and every area lists its specs in one constant:
 * {@code memory} ({@link dev.colony.mcp.tool.memory.MemoryTools#ALL}) and {@code message}
 * ({@link dev.colony.mcp.tool.message.MessageTools#ALL}) now, and {@code task}, {@code claim},
 * {@code plan}, {@code signal} and {@code run} in the same shape as they
 * arrive: one class per tool holding {@code Args}, {@code Result} and {@code SPEC}, shared result records
 * in the area's views class, and one {@code ALL} list that the server concatenates. Areas use the same
 * words for the same things across tools (a memory's kind is its {@code type} in every argument and
 * result). Nothing here depends on an MCP SDK.
 */
package dev.colony.mcp.tool;
