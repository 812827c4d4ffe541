/**
 * The attention inbox ({@link dev.colony.api.attention.AttentionInbox}): one read transaction that
 * gathers every bucket from rows of the readable namespaces, narrowed to the threads in scope.
 */
package dev.colony.core.internal.attention;
