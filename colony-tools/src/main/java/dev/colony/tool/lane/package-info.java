/**
 * The MCP tools that look before an agent chooses work: {@code hivemind} (who works on what),
 * {@code hivemind_context} (lanes plus compact memory hits and negative warnings) and
 * {@code attention_inbox} (what needs the caller now). {@link dev.colony.tool.lane.LaneTools#ALL}
 * lists them. Results carry ids, previews, counts and next steps, stay within a token budget, and say
 * in a {@code budget} object what they left out.
 */
package dev.colony.tool.lane;
