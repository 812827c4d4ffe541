/**
 * Example projects foraged from a repository: each directory {@code <repo>/examples/<name>/} is read once (its
 * manifest, entry points and a few notable files, as bounded previews with secrets masked) into memories of kind
 * {@value dev.colony.api.example.Examples#FORAGED_PATTERN} and a row of the examples table, so that an agent can
 * find a working pattern by keyword and get a deterministic plan to bring it into the repository. Start from
 * {@link dev.colony.api.example.Examples}.
 *
 * <p>{@link dev.colony.api.Beta}: new in this release; the report and the plan may gain parts.
 */
@Beta
package dev.colony.api.example;

import dev.colony.api.Beta;
