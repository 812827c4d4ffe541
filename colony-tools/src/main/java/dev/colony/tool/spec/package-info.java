/**
 * The tools of a repository's {@code SPEC.md}: reading it, opening and archiving changes to it, the context a
 * build task must respect, failures recorded during a build, and the binding of spec rows to plan sub-tasks.
 */
package dev.colony.tool.spec;
