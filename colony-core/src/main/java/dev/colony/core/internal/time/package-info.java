/**
 * The injected clock every part of colony-core reads time from, at the stores' millisecond precision. A leaf:
 * it imports nothing else of colony-core, so every area may depend on it.
 */
package dev.colony.core.internal.time;
