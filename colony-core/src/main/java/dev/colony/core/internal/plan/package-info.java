/**
 * Plans: {@link dev.colony.core.internal.plan.PlanService} publishes, lists and changes plans for one caller, handing
 * each call to one role: {@code PlanAuthoring} (validating, decomposing a goal, publishing), {@code PlanReader}
 * (listing and resolving), {@code SubtaskTransitions} (the sub-task state machine), {@code ReadyQueue} (what is
 * ready to claim) and {@code PlanArchiver} (archiving and its record); {@code PlanDraftCheck} checks a draft's
 * fields; {@link dev.colony.core.internal.plan.PlanShape} checks a plan's dependencies, waves, finalizers and file
 * scopes without touching the store; {@link dev.colony.core.internal.plan.PlanViews} turns stored rows into API
 * values.
 */
package dev.colony.core.internal.plan;
