/**
 * Claude Code hooks: {@code colony hook pre-tool-use} claims the file an edit is about to touch on the
 * thread of its git work tree and warns (never blocks) when another agent holds it;
 * {@code colony hook post-tool-use} records the edit (file heat, lanes).
 *
 * <p>A hook runs once per edit, in a fresh JVM, so {@link dev.colony.hook.HookMain} is entered before
 * the command-line parser, reads the payload with Jackson's streaming parser and opens the store
 * without a search index. A hook never breaks the user's edit: any failure prints one line on stderr
 * and exits with a non-blocking code.
 */
package dev.colony.hook;
