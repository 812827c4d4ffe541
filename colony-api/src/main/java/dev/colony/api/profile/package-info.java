/**
 * Agent profiles: how well each agent type of a user does each kind of work, as weights in [0, 1]. The ready
 * queue ranks sub-tasks by them. Start from {@link dev.colony.api.profile.AgentProfiles}.
 */
package dev.colony.api.profile;
