/**
 * The proposal tools: propose future work, back it, and list a branch's proposals.
 * {@link dev.colony.tool.proposal.ProposalTools#ALL} lists them.
 */
package dev.colony.tool.proposal;
