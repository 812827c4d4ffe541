/**
 * The briefing at the start of a session: what an agent should know before its first step, in one compact
 * read (behavioral preferences, the topic landscape, active tasks, pending signals as a peek).
 */
package dev.colony.api.briefing;
