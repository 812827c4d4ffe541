/**
 * The resume and status views: {@code startup_panel} and {@code bridge_status}, each one call formatting the caller's
 * resume view ({@link dev.colony.api.resume.ResumeViews}, read in core in one transaction).
 * {@link dev.colony.tool.runtime.RuntimeTools#ALL} lists them.
 */
package dev.colony.tool.runtime;
