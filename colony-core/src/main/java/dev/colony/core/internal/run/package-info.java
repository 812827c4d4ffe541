/**
 * The run registry: the state machine of delegated work, the slots of {@code max_concurrent} shared by every
 * process of the store, promotion of queued runs, timeouts and the completion latch; the store's delegation
 * policy; and the execution of shell runs (off unless enabled), with a minimal environment, capped output and
 * directories checked before they are trusted.
 */
package dev.colony.core.internal.run;
