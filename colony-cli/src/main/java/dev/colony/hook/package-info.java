/**
 * Claude Code hooks: {@code pre-tool-use} claims the file an edit is about to touch on the thread of its
 * git work tree and warns (never blocks) when another agent holds it; {@code post-tool-use} records the
 * edit (file heat, lanes).
 *
 * <p>A hook runs once per edit, in a fresh JVM. The launcher ({@code colony-hook.jar}, module
 * colony-hook-client) hands each hook to the MCP server that has the store open, whose
 * {@link dev.colony.hook.HookServer} runs it with {@link dev.colony.hook.ClaudeHook} on the open store;
 * with no server, {@link dev.colony.hook.HookMain} runs it in the hook's JVM, opening the store without a
 * search index. A hook never breaks the user's edit: any failure prints one line on stderr and exits
 * with a non-blocking code.
 */
package dev.colony.hook;
