package dev.colony.tool.claim;

import dev.colony.api.baton.ResumableState;
import dev.colony.api.baton.WorktreeRecipe;
import dev.colony.tool.Nullable;
import java.util.List;

/** The compact shapes relay tools return. */
final class BatonViews {

    private BatonViews() {
    }

    /**
     * How to rebuild the sender's tree.
     *
     * @param baseBranch the branch to start from
     * @param inheritClaims files whose claims wait for the receiver
     * @param fetchFilesAt the commit or ref holding the sender's files
     * @param untrackedFilesWarning set when no fetch_files_at was given
     */
    record Recipe(@Nullable String baseBranch, List<String> inheritClaims, @Nullable String fetchFilesAt,
            @Nullable String untrackedFilesWarning) {

        static Recipe of(WorktreeRecipe recipe) {
            return recipe == null ? new Recipe(null, List.of(), null, null)
                    : new Recipe(recipe.baseBranch(), recipe.inheritClaims(), recipe.fetchFilesAt(),
                            recipe.untrackedFilesWarning());
        }
    }

    /**
     * Thread activity shortly before the relay: ids to hydrate with get_observations.
     *
     * @param since start of the window (epoch ms)
     * @param recent the entries, newest first
     */
    record Resumable(long since, List<Entry> recent) {

        static Resumable of(ResumableState state) {
            if (state == null) {
                return new Resumable(0, List.of());
            }
            return new Resumable(state.since().toEpochMilli(), state.recent().stream()
                    .map(a -> new Entry(a.id().value(), a.kind(), a.session().value(), a.ts().toEpochMilli()))
                    .toList());
        }
    }

    /**
     * One entry of the window.
     *
     * @param id memory id
     * @param kind its kind
     * @param sessionId who wrote it
     * @param ts when (epoch ms)
     */
    record Entry(long id, String kind, String sessionId, long ts) {
    }
}
