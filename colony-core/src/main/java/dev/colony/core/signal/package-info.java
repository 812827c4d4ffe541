/**
 * Signals: {@link dev.colony.core.signal.SignalService} sends, checks and acknowledges them for one caller;
 * {@link dev.colony.core.signal.SignalHub}, one per Colony, pushes new ones to subscribers and sweeps the
 * expired ones.
 */
package dev.colony.core.signal;
