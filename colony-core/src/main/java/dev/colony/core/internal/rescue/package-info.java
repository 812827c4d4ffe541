/** Rescue: the picture of stranded sessions and the one transaction that hands their work back. */
package dev.colony.core.internal.rescue;
