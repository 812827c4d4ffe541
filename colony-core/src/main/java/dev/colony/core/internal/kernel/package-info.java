/**
 * The shared parts colony-core's per-caller services are built from: the {@link
 * dev.colony.core.internal.kernel.Kernel} (store, clock, access gate, index, embedder) and argument checks that name
 * the offending field. Wiring, not API. The run and signal hubs are not in the kernel: the Colony hands each to
 * the services that use it, so the kernel stays below every area.
 */
package dev.colony.core.internal.kernel;
