package dev.colony.core.internal.spec;

import java.util.Optional;

/**
 * The marker an archive leaves in the change's directory while it replaces the root and moves the change: what the
 * root's hash will be once the merged file landed, and where the change goes. Its presence means an archive was
 * under way; the next call on the repository finishes it (the root already has the merged hash) or rolls it back.
 *
 * @param mergedRootHash the merged root's hash
 * @param archiveName the archive directory's name, {@code <yyyy-MM-dd>-<slug>[-n]}
 */
record ArchiveMarker(String mergedRootHash, String archiveName) {

    /** The marker's file name. */
    static final String FILE_NAME = ".archiving";

    /** The marker as its file holds it. */
    String render() {
        return "merged_root_hash: " + mergedRootHash + "\narchive: " + archiveName + "\n";
    }

    /** The marker of a file's text; empty when it is not one this class wrote. */
    static Optional<ArchiveMarker> parse(String text) {
        String hash = null;
        String name = null;
        for (String line : text.split("\n")) {
            if (line.startsWith("merged_root_hash: ")) {
                hash = line.substring("merged_root_hash: ".length()).strip();
            } else if (line.startsWith("archive: ")) {
                name = line.substring("archive: ".length()).strip();
            }
        }
        boolean valid = hash != null && hash.matches("[0-9a-f]{64}") && name != null
                && name.matches("\\d{4}-\\d{2}-\\d{2}-[a-z0-9]+(-[a-z0-9]+)*");
        return valid ? Optional.of(new ArchiveMarker(hash, name)) : Optional.empty();
    }
}
