/**
 * Signals: pointers from one member of a collection to another, saying "look at these memories".
 *
 * <p>A signal carries memory ids and nothing else; the memories hold the content, and the collection the
 * signal travels through is its only access gate. Checking is a peek, acknowledging consumes, and a
 * signal nobody acknowledged expires. {@link dev.colony.api.signal.SignalBus#subscribe} pushes new
 * signals to a listener, so that agents need not poll each other.
 */
package dev.colony.api.signal;
