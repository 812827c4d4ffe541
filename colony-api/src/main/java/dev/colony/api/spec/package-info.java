/**
 * A repository's {@code SPEC.md} as data: its sections ({@code §G} goal, {@code §C} constraints, {@code §I}
 * interfaces, {@code §V} invariants, {@code §T} tasks, {@code §B} bugs, and any other {@code §X} kept as it is),
 * their id-keyed table rows such as {@code V.3} or {@code T.12}, the always-on invariants, and a root hash that
 * pins a version of the file. {@link dev.colony.api.spec.Specs} parses, reads and edits one; it is reached through
 * {@code Colony.specs()}.
 *
 * <p>A parsed document keeps every character of its source, understood or not: its {@link
 * dev.colony.api.spec.SpecDocument#text()} is the input exactly, so a tool can rewrite one row and leave the rest
 * of a hand-written file as it was.
 *
 * <p>{@link dev.colony.api.Beta}: new in this release; the spec tools built on it may still reshape it.
 */
@Beta
package dev.colony.api.spec;

import dev.colony.api.Beta;
