/**
 * The run registry: the state machine of delegated work, the slots of {@code max_concurrent} shared by every
 * process of the store, promotion of queued runs, timeouts and the completion latch.
 */
package dev.colony.core.run;
