package dev.colony.api.baton;

import java.util.List;

/**
 * An accepted baton.
 *
 * @param baton the baton as accepted
 * @param installedFiles the files now claimed, active, by the accepting session
 */
public record Acceptance(Baton baton, List<String> installedFiles) {

    /** Copies the list. */
    public Acceptance {
        installedFiles = List.copyOf(installedFiles);
    }
}
