/**
 * Proposals: candidate future work that becomes a task only when enough independent agents back it.
 *
 * <p>An agent proposes a change on a repository's branch; others reinforce it, explicitly, by arriving at
 * the same idea on their own, or weakly by editing a file it touches. Each reinforcement fades with a
 * half-life, a session counts once (its strongest), and backing from a new agent type weighs more than
 * another session of a type already heard. When the sum crosses the promotion threshold the proposal opens
 * a task thread, once. Start from {@link dev.colony.api.proposal.Proposals}.
 */
package dev.colony.api.proposal;
