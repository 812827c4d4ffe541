/**
 * The shared parts colony-core's per-caller services are built from: the {@link
 * dev.colony.core.kernel.Kernel} (store, clock, access gate, index, embedder), the millisecond clock
 * wrapper and argument checks that name the offending field. Wiring, not API.
 */
package dev.colony.core.kernel;
