/**
 * Runs: delegated units of work (a shell command, an agent's job) in a registry many processes share.
 *
 * <p>A run moves queued → in_progress ⇄ blocked → finished | failed | killed; terminal states are final and
 * every change is a compare-and-set on status and version. At most {@code max_concurrent} runs are in progress
 * across every process of the store; when one leaves that state the oldest dispatched queued run takes the slot
 * in the same transaction. The {@code notified} latch lets exactly one process deliver a run's completion.
 * Start from {@link dev.colony.api.run.Runs}. ("Task" already names task threads here, so these are runs; the
 * MCP tools keep the task names agents know.)
 */
package dev.colony.api.run;
