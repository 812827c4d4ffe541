/**
 * The {@code SPEC.md} model behind {@link dev.colony.api.spec.Specs}: {@link
 * dev.colony.core.internal.spec.SpecParser} reads a text into sections and rows keeping every character, {@link
 * dev.colony.core.internal.spec.SpecEditor} adds, replaces and removes rows by splicing the text, and {@link
 * dev.colony.core.internal.spec.SpecFiles} reads a repository's file safely. Spec changes ({@link
 * dev.colony.api.spec.SpecChanges}) live here too: {@link dev.colony.core.internal.spec.SpecChangeService} over the
 * change file, the pure {@link dev.colony.core.internal.spec.ThreeWayMerge}, the no-follow file access of {@link
 * dev.colony.core.internal.spec.RepoFiles} under {@link dev.colony.core.internal.spec.SpecLock}. A leaf area: it needs
 * only the API (a caller's task threads and proposals are handed in as API interfaces).
 */
package dev.colony.core.internal.spec;
