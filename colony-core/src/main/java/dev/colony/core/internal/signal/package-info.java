/**
 * Signals: {@link dev.colony.core.internal.signal.SignalService} sends, checks and acknowledges them for one caller;
 * {@link dev.colony.core.internal.signal.SignalHub}, one per Colony, pushes new ones to subscribers and sweeps the
 * expired ones.
 */
package dev.colony.core.internal.signal;
