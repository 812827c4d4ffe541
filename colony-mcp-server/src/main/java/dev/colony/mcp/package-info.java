/**
 * The Colony MCP server: the Colony tools served over Colony's own stdio transport
 * ({@link dev.colony.mcp.transport}), for any {@code Colony} its embedder opened.
 *
 * <p>{@link dev.colony.mcp.ColonyMcpServer} mounts the {@link dev.colony.tool.ToolCatalog} of
 * declarative tools for one agent identity (every outcome a compact JSON result with structured content,
 * or an error carrying a stable {@link dev.colony.api.ErrorCode}) and keeps the session's heartbeat;
 * {@link dev.colony.mcp.OpeningToolHost} answers the handshake while the store opens in the background;
 * {@link dev.colony.mcp.ToolTable} shows the tools to a person. Opening a store from the environment and running
 * the server process is the launch code's ({@code dev.colony.launch} in colony-cli), not this module's.
 *
 * <p>The design document had the server on the official MCP Java SDK's stdio transport. That transport
 * drops queued answers once its input ends and runs everything on one thread; this package uses its own
 * transport instead, and the SDK remains a test dependency whose client checks the server from outside.
 * Code in this package never writes to {@code System.out}: stdout belongs to the protocol.
 */
package dev.colony.mcp;
