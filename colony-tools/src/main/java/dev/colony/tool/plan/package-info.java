/**
 * The plan tools: validate and publish a plan, list plans, and claim, complete or block its sub-tasks.
 * {@link dev.colony.tool.plan.PlanTools#ALL} lists them.
 */
package dev.colony.tool.plan;
