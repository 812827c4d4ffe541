/**
 * The rescue tools: find sessions that went silent holding claims, and relay their work back to the colony.
 * {@link dev.colony.tool.rescue.RescueTools#ALL} lists them.
 */
package dev.colony.tool.rescue;
