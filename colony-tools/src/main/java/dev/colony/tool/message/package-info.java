/**
 * The directed-message tools: {@code task_message}, {@code task_messages}, {@code task_message_mark_read},
 * {@code task_message_retract} and {@code task_message_claim}.
 *
 * <p>Each tool is one class with its argument record, its result record and its {@code SPEC};
 * {@link dev.colony.tool.message.MessageTools#ALL} lists them. The tools act as the server's user,
 * in the session and agent the call names ({@code session_id}, {@code agent}) or else the server's own.
 * Lists stay compact: previews and ids with the next tool to call; bodies come from
 * {@code get_observations}.
 */
package dev.colony.tool.message;
