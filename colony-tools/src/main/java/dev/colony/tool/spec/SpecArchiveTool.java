package dev.colony.tool.spec;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.spec.ArchiveResult;
import dev.colony.api.spec.ArchiveStatus;
import dev.colony.api.spec.MergeConflict;
import dev.colony.api.spec.MergeStrategy;
import dev.colony.api.spec.SpecChanges;
import dev.colony.api.task.TaskLimits;
import dev.colony.tool.Choices;
import dev.colony.tool.Nullable;
import dev.colony.tool.Param;
import dev.colony.tool.Size;
import dev.colony.tool.ToolSpec;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * {@code spec_archive}: merge an open change into SPEC.md three ways and archive it, both or neither. A strict
 * merge that finds a moved row fails the call ({@code CONFLICT}, {@code status: refused}, the conflict set in
 * the error); a blocked three-way merge is an answer, not an error: nothing is written and the change stays open.
 */
public final class SpecArchiveTool {

    /** The strategies, by wire name. */
    public static final class Strategies implements Supplier<List<String>> {
        @Override
        public List<String> get() {
            return Arrays.stream(MergeStrategy.values()).map(MergeStrategy::wireName).toList();
        }
    }

    /** The arguments. */
    public record Args(
            @Param(required = true) @Size(max = TaskLimits.MAX_REPO_ROOT_CHARS) String repoRoot,
            @Param(value = "The change's kebab-case name.", required = true)
            @Size(max = SpecChanges.MAX_SLUG_CHARS) String slug,
            @Param(value = "How rows the root moved since the change's base are treated.",
                    defaultValue = "three_way") @Choices(Strategies.class) String strategy) {
    }

    /**
     * A target row the root moved since the change's base.
     *
     * @param target the row id
     * @param op the change's op on it
     * @param kind changed, removed, added or same
     * @param root the root's row now, if any
     */
    public record Conflict(String target, String op, String kind,
            @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) String root) {

        static Conflict of(MergeConflict conflict) {
            return new Conflict(conflict.target(), conflict.op().wireName(), conflict.kind().wireName(),
                    conflict.root());
        }

        Map<String, Object> asMap() {
            Map<String, Object> map = new LinkedHashMap<>();
            map.put("target", target);
            map.put("op", op);
            map.put("kind", kind);
            if (root != null) {
                map.put("root", root);
            }
            return map;
        }
    }

    /**
     * What the archive did.
     *
     * @param status archived or blocked
     * @param archivedPath the archived change, relative to the repository root
     * @param mergedRootHash the new SPEC.md hash
     * @param conflicts the conflicts (for last_writer_wins, those it overrode)
     * @param applied the rows the merge changed
     */
    public record Result(String status,
            @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) String archivedPath,
            @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) String mergedRootHash,
            List<Conflict> conflicts, List<String> applied) {

        static Result of(ArchiveResult result) {
            return new Result(result.status().wireName(), result.archivedPath(), result.mergedRootHash(),
                    result.conflicts().stream().map(Conflict::of).toList(), result.applied());
        }
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.writing("spec_archive", "Archive a spec change",
            "Merge an open spec change into SPEC.md three ways and archive it, atomically. Conflicts leave "
                    + "everything as it was (refuse_on_conflict fails the call with them).",
            Args.class, Result.class, (context, args) -> {
                ArchiveResult result = context.scope().specChanges().archive(SpecPaths.repoRoot(args.repoRoot()),
                        args.slug(), MergeStrategy.fromWire("strategy", args.strategy()));
                if (result.status() == ArchiveStatus.REFUSED) {
                    Map<String, Object> details = new LinkedHashMap<>();
                    details.put("status", result.status().wireName());
                    details.put("conflicts", result.conflicts().stream().map(conflict -> Conflict.of(conflict)
                            .asMap()).toList());
                    throw ColonyException.withDetails(ErrorCode.CONFLICT, "rows of " + args.slug()
                            + " moved in SPEC.md since its base; nothing was written", details);
                }
                return Result.of(result);
            }).asOpenWorld();

    private SpecArchiveTool() {
    }
}
