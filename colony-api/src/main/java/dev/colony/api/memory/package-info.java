/**
 * Shared memory: typed, tagged memories written by agent sessions, found again by search and read
 * back in full by id.
 *
 * <p>Reads follow progressive disclosure: {@link dev.colony.api.memory.MemoryStore#search search},
 * {@link dev.colony.api.memory.MemoryStore#timeline timeline} and
 * {@link dev.colony.api.memory.MemoryStore#recallSession recallSession} return compact entries (ids,
 * kinds, snippets); {@link dev.colony.api.memory.MemoryStore#get get} returns full bodies for the few
 * ids a caller selected.
 */
package dev.colony.api.memory;
