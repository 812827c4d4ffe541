/**
 * File claims: the {@link dev.colony.api.claim.Claims} service and the transaction-level rules that
 * batons share with it ({@link dev.colony.core.internal.claim.ClaimLedger}): path normalisation, age classes,
 * the guard that decides who may take a file, and the audit memory every change leaves on the
 * thread's timeline (through {@link dev.colony.core.internal.task.AuditTrail}).
 */
package dev.colony.core.internal.claim;
