/**
 * Batons: handoffs, relays and the quota-pending claims relays leave behind. One state machine
 * ({@code pending} then {@code accepted}, {@code cancelled} or {@code expired}) is implemented once in
 * {@link dev.colony.core.internal.baton.BatonDesk}; the three services give it the API's three faces.
 */
package dev.colony.core.internal.baton;
