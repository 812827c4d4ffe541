/**
 * Colony's own MCP stdio transport: newline-delimited JSON-RPC 2.0 on stdin and stdout.
 *
 * <p>{@link dev.colony.mcp.transport.StdioServer} reads lines with a
 * {@link dev.colony.mcp.transport.BoundedLineReader} (a line over the limit is refused without being
 * held in memory whole), classifies each one with {@link dev.colony.mcp.transport.JsonRpcCodec}, answers
 * the protocol requests ({@code initialize}, {@code ping}, {@code tools/list}) on the reading thread and
 * runs {@code tools/call} on a bounded pool, so a slow call never holds up a ping or another call. Every
 * response leaves through one {@link dev.colony.mcp.transport.Outbound}, one whole line at a time. The
 * end of input closes only the inbound side: calls already accepted finish and their answers are written
 * before {@code serve} returns. A bad line is answered with the JSON-RPC error it deserves and the server
 * keeps reading.
 *
 * <p>The transport knows nothing about Colony: it serves whatever {@link dev.colony.mcp.transport.ToolHost}
 * it is given. Nothing in this package writes to {@code System.out}.
 */
package dev.colony.mcp.transport;
