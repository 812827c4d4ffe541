/**
 * The {@code SPEC.md} model behind {@link dev.colony.api.spec.Specs}: {@link
 * dev.colony.core.internal.spec.SpecParser} reads a text into sections and rows keeping every character, {@link
 * dev.colony.core.internal.spec.SpecEditor} adds, replaces and removes rows by splicing the text, and {@link
 * dev.colony.core.internal.spec.SpecFiles} reads a repository's file safely. A leaf area: it needs only the API.
 */
package dev.colony.core.internal.spec;
