/**
 * The agent profile tools: set and read an agent type's capability weights.
 * {@link dev.colony.tool.profile.ProfileTools#ALL} lists them.
 */
package dev.colony.tool.profile;
