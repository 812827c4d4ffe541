/**
 * Colony's tools, declared once for every way they are served: a tool is one {@link dev.colony.tool.ToolSpec}
 * (name, title, description, argument record, result record, hints, handler), and the
 * {@link dev.colony.tool.ToolCatalog} serves a list of them as plain JSON to whichever transport carries it: the
 * MCP server, or a LangChain4j {@code ToolProvider} and a Spring AI {@code ToolCallbackProvider} in-process. A
 * {@link dev.colony.tool.Toolset} names a part of the surface.
 *
 * <p>Arguments are declared once, on the record components of the tool's argument record, with
 * {@link dev.colony.tool.Param}, {@link dev.colony.tool.Range}, {@link dev.colony.tool.Size}
 * and {@link dev.colony.tool.Choices}; {@link dev.colony.tool.ArgumentSchema} turns that one
 * declaration into the published {@code inputSchema} and into the check every call passes (unknown
 * arguments refused, every error naming its field). Results are records serialised by Jackson with
 * snake_case names, sent both as text and as {@code structuredContent}, and described by an
 * {@code outputSchema} that {@link dev.colony.tool.ResultSchema} generates from the same record.
 * Integer bounds stay within what JavaScript clients read exactly.
 *
 * <p>Tools are grouped by area, one subpackage each, and every area lists its specs in one constant:
 * {@code memory} ({@link dev.colony.tool.memory.MemoryTools#ALL}), {@code message}, {@code task}, {@code claim},
 * {@code plan}, {@code signal}, {@code run} and the others in the same shape: one class per tool holding {@code Args}, {@code Result} and {@code SPEC}, shared result records
 * in the area's views class, and one {@code ALL} list that the server concatenates. Areas use the same
 * words for the same things across tools (a memory's kind is its {@code type} in every argument and
 * result). Nothing here depends on an MCP SDK.
 */
package dev.colony.tool;
