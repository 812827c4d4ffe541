/**
 * The live view: a read-only web page for people on the loopback address, showing what one user's agents
 * do (lanes, claims, plans, inbox, runs, memory) as read through that user's access gate, and pushed
 * again over server-sent events as other processes write to the store.
 *
 * <p>{@link dev.colony.view.ColonyView} serves it with the JDK's HTTP server; every request passes
 * {@link dev.colony.view.RequestGate} (token, Host, Origin, method); the page inserts every piece of
 * agent text as text, never as markup.
 */
package dev.colony.view;
