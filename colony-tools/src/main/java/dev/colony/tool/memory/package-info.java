/**
 * The memory tools: search, read, walk and recall sessions, and add memories.
 *
 * <p>Each tool is one class holding its argument record ({@code Args}), its result record
 * ({@code Result}) and its {@code SPEC}; {@link dev.colony.tool.memory.MemoryTools#ALL} lists them.
 * Results share the records of {@code MemoryViews}, so a memory, a session or a timeline entry is spelt
 * the same in every tool; lists are wrapped in a record because structured content is always an object.
 * Results stay compact (ids, types, snippets, times, a next step); only {@code get_observations} returns
 * bodies.
 */
package dev.colony.tool.memory;
