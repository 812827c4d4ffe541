/**
 * The memory service: validation of drafts, access by namespace, timelines, recall audit records and
 * search through the configured index.
 */
package dev.colony.core.internal.memory;
