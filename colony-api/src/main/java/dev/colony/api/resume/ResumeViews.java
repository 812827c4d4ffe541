package dev.colony.api.resume;

import dev.colony.api.ColonyException;

/** Where the caller stands, for a session that starts or resumes and for a status bar. */
public interface ResumeViews {

    /**
     * The caller's resume view, read in one transaction.
     *
     * @throws ColonyException {@code INVALID_ARGUMENT} naming {@code repo_roots[0]} when the query's repository root
     *     is not an absolute path, or {@code limit} when its ready limit is out of range
     */
    ResumeView read(ResumeQuery query);
}
