/**
 * File claims: a session announces, on a task thread, the files it is about to edit, so that other
 * agents see the overlap before they collide.
 *
 * <p>{@link dev.colony.api.claim.Claims}, reached as {@code colony.as(actor).claims()}, claims a file
 * and lists claims. A claim is a warning, never a lock: nothing stops an edit. Each claim is one row
 * with an explicit {@link dev.colony.api.claim.ClaimState} and a version; its
 * {@link dev.colony.api.claim.ClaimAge} is computed when it is read. {@link
 * dev.colony.api.claim.ClaimPolicy} holds the thresholds and the protected branches a Colony is built
 * with.
 */
package dev.colony.api.claim;
