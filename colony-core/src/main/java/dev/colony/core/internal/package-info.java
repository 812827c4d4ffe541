/**
 * Colony's implementation, not its API: every type under this package may change or go in any release, public or
 * not (public only so that core's areas can reach each other). Applications use {@link dev.colony.core.Colony},
 * its builder, and what {@code colony-api} declares ({@code Colony.as(actor)} for a caller's services, {@code
 * Colony.admin()} for the store owner's operations); no module but colony-core imports from here, and an ArchUnit
 * rule keeps it so.
 *
 * <p>The areas, one package each, form no cycle: {@code time} below {@code access} below {@code kernel}, the
 * foundation every area builds on; then the areas themselves (memory, task, claim, plan, run, …); then {@code
 * readmodel}, the views that read several areas in one transaction. docs/ARCHITECTURE.md draws the graph.
 */
package dev.colony.core.internal;
