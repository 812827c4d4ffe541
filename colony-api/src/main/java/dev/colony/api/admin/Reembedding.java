package dev.colony.api.admin;

/**
 * What a re-embedding did.
 *
 * @param model the model the store's memories are now embedded with
 * @param embedded memories given a vector
 * @param skipped memories edited while their batch was embedded (their edit brought its own vector)
 */
public record Reembedding(String model, long embedded, long skipped) {
}
