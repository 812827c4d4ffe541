/**
 * Directed messages between agents on a task thread.
 *
 * <p>A message is a memory of kind {@code message} on a task, so its body is searchable like any
 * other memory, plus a delivery record with an explicit status and version: who it is for (an agent,
 * a session, or {@code any} agent as a broadcast), how urgent it is, whether it was read, replied to,
 * claimed, retracted or let expire. The caller's {@link Messages} service, reached through
 * {@code colony.as(actor).messages()}, sends, lists, marks read, retracts and claims them.
 */
package dev.colony.api.message;
