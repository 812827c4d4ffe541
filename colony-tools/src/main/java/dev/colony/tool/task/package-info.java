/**
 * The task-thread tools: open or join the thread of a checkout, browse threads, post on them, read
 * their compact timeline and what changed since a time, save working notes, and link related threads.
 *
 * <p>Same shape as the memory tools: one class per tool with {@code Args}, {@code Result} and
 * {@code SPEC}, shared result records in {@code TaskViews}, and {@link dev.colony.tool.task.TaskTools#ALL}
 * listing them. Tools that take a {@code session_id} act as that session of the server's user (the
 * server's own session when it is left out). Results are compact: ids, kinds, sessions and times;
 * bodies are read with {@code get_observations}.
 */
package dev.colony.tool.task;
