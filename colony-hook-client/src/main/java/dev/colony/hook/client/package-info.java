/**
 * The Claude Code hook launcher, {@code colony-hook.jar}: a JVM that loads almost nothing, reads the
 * hook's payload, and hands it through a {@link dev.colony.hook.client.HookSpool} to the MCP server that
 * has the same store open, printing that server's answer. When no server answers it runs the hook from
 * {@code colony-mcp.jar} ({@link dev.colony.hook.client.HookFallback}). JDK only, on purpose: every class
 * it loads is start-up time of every edit an agent makes.
 */
package dev.colony.hook.client;
