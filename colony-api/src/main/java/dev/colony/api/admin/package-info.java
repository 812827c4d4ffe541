/**
 * What the owner of a store may do that no agent may: forget and purge memories without asking the access gate,
 * re-embed the store with a new model, and export or restore a user's archive. Reached through {@code
 * Colony.admin()}; whoever can open the store owns it, so nothing here is offered as an agent's tool.
 *
 * <p>The archive's wire format is not declared here: an {@link dev.colony.api.admin.ArchiveSink} receives the rows
 * an export holds, and an {@link dev.colony.api.admin.ArchiveSource} reads them back against the store's {@link
 * dev.colony.api.admin.ArchiveLayout}; the JSON-lines codec lives in the {@code colony-archive} module.
 *
 * <p>{@link dev.colony.api.Beta}: new in this release, and the archive's sink and source may still change.
 */
@Beta
package dev.colony.api.admin;

import dev.colony.api.Beta;
