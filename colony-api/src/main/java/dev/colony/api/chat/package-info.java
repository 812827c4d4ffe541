/**
 * Chat windows: the current messages of a framework's conversation memory, kept whole per window id in the
 * caller's personal namespace, so that every process of the store continues the same conversation. Start from
 * {@link dev.colony.api.chat.ChatWindows}.
 */
package dev.colony.api.chat;
