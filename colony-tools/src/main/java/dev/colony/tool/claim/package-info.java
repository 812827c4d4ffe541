/**
 * The MCP tools of file claims, handoffs, relays and quota batons: each tool is one class with its
 * argument record, result record and {@code SPEC}; {@link dev.colony.tool.claim.ClaimTools#ALL}
 * lists them. Results are compact (ids, states, file lists, next-step hints); bodies are read with
 * {@code get_observations}.
 */
package dev.colony.tool.claim;
