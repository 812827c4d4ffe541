/**
 * Tasks: one model for task threads (keyed by repository root and branch) and structured tasks.
 *
 * <p>{@link dev.colony.api.task.TaskThreads}, reached as {@code colony.as(actor).tasks()}, opens and
 * joins threads, lists them and names their participants. The records here are the values it returns;
 * {@link dev.colony.api.task.TaskStatus} is shared with the storage SPI.
 */
package dev.colony.api.task;
