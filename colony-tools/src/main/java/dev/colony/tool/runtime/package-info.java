/**
 * The resume and status views: {@code startup_panel} and {@code bridge_status}, each one call composed from the
 * same reads as the lane, attention, ready-queue and autopilot tools.
 * {@link dev.colony.tool.runtime.RuntimeTools#ALL} lists them.
 */
package dev.colony.tool.runtime;
