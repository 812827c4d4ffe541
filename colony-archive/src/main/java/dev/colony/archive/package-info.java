/**
 * The archive's wire format: JSON lines, read and written with Jackson's streaming parser and generator only.
 * Core decides what an archive holds ({@code Colony.admin().export/restore}); this module writes and reads it.
 */
package dev.colony.archive;
