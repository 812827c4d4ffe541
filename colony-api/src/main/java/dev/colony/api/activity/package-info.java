/**
 * File activity: which files sessions edited on which task thread, and how "hot" each file is now.
 *
 * <p>{@link dev.colony.api.activity.FileActivity}, reached as {@code colony.as(actor).activity()},
 * records an edit (the Claude Code post-tool-use hook does this after every edit) and computes file
 * heat on read. Heat decays exponentially with a half-life, from the recorded edits and the claims on
 * the file, so old activity fades without a cleanup job.
 */
package dev.colony.api.activity;
