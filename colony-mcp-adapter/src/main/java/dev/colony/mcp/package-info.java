/**
 * The Colony MCP server: the official MCP Java SDK's stdio transport over a {@link dev.colony.core.Colony}.
 *
 * <p>{@link dev.colony.mcp.ColonyMcpServer} mounts the tools and maps every outcome to a compact JSON
 * result or an error carrying a stable {@link dev.colony.api.ErrorCode};
 * {@link dev.colony.mcp.StdioServerRunner} runs one agent's server process over the embedded store
 * that {@link dev.colony.mcp.LaunchSettings} locates and {@link dev.colony.mcp.EmbeddedColony} opens.
 * Code in this package never writes to {@code System.out}: stdout belongs to the protocol.
 */
package dev.colony.mcp;
