/**
 * Plans: {@link dev.colony.core.internal.plan.PlanService} publishes, lists and changes plans for one caller;
 * {@link dev.colony.core.internal.plan.PlanShape} checks a plan's dependencies, waves, finalizers and file scopes
 * without touching the store; {@link dev.colony.core.internal.plan.PlanViews} turns stored rows into API values.
 */
package dev.colony.core.internal.plan;
