/**
 * The {@code colony} command line (picocli): {@code colony mcp} (the default) runs the MCP stdio
 * server; {@code colony demo} and {@code colony search} let a person see the shared store without an
 * MCP client.
 *
 * <p>Commands print through picocli's writers; only {@link dev.colony.cli.McpCommand} touches the
 * process's stdout, to hand it to the protocol and divert everything else to stderr.
 * {@link dev.colony.cli.StdioServerRunner} runs that server process, with the hook server beside it.
 */
package dev.colony.cli;
