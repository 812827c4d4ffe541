/**
 * Directed messages, written once over the storage SPI: sending (with replies that flip only their
 * immediate parent and claim an unclaimed broadcast), the recipient's lists, read receipts,
 * retraction and broadcast claims. Every state change is one write transaction that compares and sets
 * the delivery record's version; expiry is computed on read and written back by the next call that
 * touches the message.
 */
package dev.colony.core.internal.message;
