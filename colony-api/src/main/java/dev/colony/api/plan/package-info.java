/**
 * Plans: a piece of work split into sub-tasks that agents claim, work on and complete.
 *
 * <p>A plan is published once, checked first: its sub-tasks form waves through their dependencies, and no
 * two sub-tasks that may run side by side share a file. Each sub-task gets its own task thread. Claiming a
 * sub-task is a compare-and-set on its status and version that also joins its thread and claims every file
 * of its scope, in one transaction, so two agents never both win it; completing it releases those files
 * and makes the sub-tasks waiting on it available. Start from {@link dev.colony.api.plan.PlanRegistry}.
 */
package dev.colony.api.plan;
