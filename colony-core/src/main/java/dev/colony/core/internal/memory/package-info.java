/**
 * The memory service: validation of drafts, access by namespace, timelines, recall audit records and
 * search through the configured index. {@link dev.colony.core.internal.memory.AuditLog} writes the audit records
 * every area leaves (claims, receipts, plans) in the transaction of the change they record.
 */
package dev.colony.core.internal.memory;
