/**
 * Integration tests that run the packaged {@code colony-mcp.jar} as a real process: the MCP server
 * through the SDK's own stdio client and through raw JSON-RPC lines, and the command line.
 */
package dev.colony.it;
