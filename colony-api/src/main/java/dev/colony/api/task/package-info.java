/**
 * Tasks: one model for task threads (keyed by repository root and branch) and structured tasks.
 *
 * <p>This package holds the task vocabulary shared by the storage SPI; the task services are added
 * with the coordination features.
 */
package dev.colony.api.task;
