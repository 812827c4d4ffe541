/** Chat windows for one caller: {@link dev.colony.core.chat.ChatWindowService}. */
package dev.colony.core.chat;
