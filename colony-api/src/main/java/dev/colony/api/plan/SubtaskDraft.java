package dev.colony.api.plan;

import java.util.List;
import java.util.Objects;

/**
 * One sub-task of a plan to publish.
 *
 * @param title what it achieves, one line
 * @param description how, or {@code null}
 * @param fileScope the files it will change, relative to the plan's repository root (claimed on claim)
 * @param dependsOn the indices (from 0) of earlier sub-tasks that must be completed first
 * @param capabilityHint the kind of work ({@code ui_work}, {@code api_work}, {@code test_work},
 *     {@code infra_work}, {@code doc_work}, or another name), or {@code null}
 * @param wave the wave the publisher wants it in (from 0), or {@code null} to derive it from the dependencies
 * @param finalizer whether it is closing work (verification, release, final docs) that must run last; a title
 *     that starts with such a word counts as a finalizer too
 * @param specRowId the id of the row of the repository's {@code SPEC.md} this sub-task carries out (e.g.
 *     {@code T5}), or {@code null}; while the plan is open no other open plan of the repository may bind it
 */
public record SubtaskDraft(String title, String description, List<String> fileScope, List<Integer> dependsOn,
        String capabilityHint, Integer wave, boolean finalizer, String specRowId) {

    /** Copies the lists; {@code null} lists are empty. */
    public SubtaskDraft {
        fileScope = fileScope == null ? List.of() : List.copyOf(fileScope);
        dependsOn = dependsOn == null ? List.of() : List.copyOf(dependsOn);
    }

    /** A sub-task with a title and a file scope, depending on nothing. */
    public static SubtaskDraft of(String title, List<String> fileScope) {
        return new SubtaskDraft(Objects.requireNonNull(title, "title"), null, fileScope, List.of(), null, null, false,
                null);
    }

    /** This sub-task, depending on the sub-tasks at {@code indices}. */
    public SubtaskDraft dependingOn(Integer... indices) {
        return new SubtaskDraft(title, description, fileScope, List.of(indices), capabilityHint, wave, finalizer, specRowId);
    }

    /** This sub-task with a description. */
    public SubtaskDraft describedAs(String newDescription) {
        return new SubtaskDraft(title, newDescription, fileScope, dependsOn, capabilityHint, wave, finalizer, specRowId);
    }

    /** This sub-task with a capability hint. */
    public SubtaskDraft needing(String newCapabilityHint) {
        return new SubtaskDraft(title, description, fileScope, dependsOn, newCapabilityHint, wave, finalizer, specRowId);
    }

    /** This sub-task in an explicit wave. */
    public SubtaskDraft inWave(int newWave) {
        return new SubtaskDraft(title, description, fileScope, dependsOn, capabilityHint, newWave, finalizer, specRowId);
    }

    /** This sub-task marked as closing work that must run last. */
    public SubtaskDraft asFinalizer() {
        return new SubtaskDraft(title, description, fileScope, dependsOn, capabilityHint, wave, true, specRowId);
    }

    /** This sub-task bound to the spec row {@code rowId}. */
    public SubtaskDraft boundTo(String rowId) {
        return new SubtaskDraft(title, description, fileScope, dependsOn, capabilityHint, wave, finalizer, rowId);
    }
}
