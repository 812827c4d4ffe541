/**
 * The MCP tools of the Colony server, one class per tool, with the argument reader and schema
 * builder they share.
 *
 * <p>Each tool declares a described JSON Schema, reads its arguments through
 * {@link dev.colony.mcp.tool.Arguments} (which names the offending field in every error) and returns
 * compact JSON-compatible values: ids, kinds, snippets and times first, full bodies only from
 * {@code get_observations}. Tools know nothing of the transport; {@link dev.colony.mcp.ColonyMcpServer}
 * mounts them.
 */
package dev.colony.mcp.tool;
