/**
 * The proposal tools: propose future work, back it, and list a branch's proposals.
 * {@link dev.colony.mcp.tool.proposal.ProposalTools#ALL} lists them.
 */
package dev.colony.mcp.tool.proposal;
