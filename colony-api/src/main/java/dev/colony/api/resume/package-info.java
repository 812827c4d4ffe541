/**
 * Where a caller stands and what it should do next, each in one read: the autopilot's decision
 * ({@link dev.colony.api.resume.Autopilot}) and the resume view behind the startup card and the status bar
 * ({@link dev.colony.api.resume.ResumeViews}). The order of what comes first is decided here once, so every
 * adapter (MCP, LangChain4j, Spring AI) answers alike.
 *
 * <p>{@link dev.colony.api.Beta}: new in this release; the views may gain and reorder parts.
 */
@Beta
package dev.colony.api.resume;

import dev.colony.api.Beta;
