/**
 * Agent sessions: who is (or was) working, where, and since when.
 *
 * <p>A session is one run of one agent. Memories are attributed to sessions; lanes and recall read
 * sessions back. Sessions are created explicitly with {@link dev.colony.api.session.SessionRegistry#ensure}
 * and never materialised implicitly by a read.
 */
package dev.colony.api.session;
