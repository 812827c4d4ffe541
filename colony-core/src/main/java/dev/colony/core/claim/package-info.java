/**
 * File claims: the {@link dev.colony.api.claim.Claims} service and the transaction-level rules that
 * batons share with it ({@link dev.colony.core.claim.ClaimLedger}): path normalisation, age classes,
 * the guard that decides who may take a file, and the audit memories every change leaves on the
 * thread's timeline.
 */
package dev.colony.core.claim;
