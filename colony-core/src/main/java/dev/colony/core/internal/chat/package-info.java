/** Chat windows for one caller: {@link dev.colony.core.internal.chat.ChatWindowService}. */
package dev.colony.core.internal.chat;
