package dev.colony.tool.spec;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.Previews;
import dev.colony.api.spec.SpecDocument;
import dev.colony.api.spec.SpecRow;
import dev.colony.api.spec.SpecSection;
import dev.colony.api.task.TaskLimits;
import dev.colony.tool.Nullable;
import dev.colony.tool.Param;
import dev.colony.tool.Size;
import dev.colony.tool.ToolSpec;
import java.util.List;

/** {@code spec_read}: a repository's {@code SPEC.md}, section by section, with the hash that pins its version. */
public final class SpecReadTool {

    /** How much of a section's body the overview shows. */
    static final int PREVIEW_CHARS = 160;

    /** The arguments. */
    public record Args(
            @Param(required = true)
            @Size(max = TaskLimits.MAX_REPO_ROOT_CHARS) String repoRoot,
            @Param("A section letter (V): its whole body and row ids instead of the overview.")
            @Size(max = 1) String section) {
    }

    /**
     * One section.
     *
     * @param id its letter
     * @param title its heading's title
     * @param rows how many id-keyed rows it has
     * @param preview the start of its body, in the overview
     * @param body its whole body, when asked for
     * @param rowIds its row ids, when asked for
     */
    public record Section(String id, String title, int rows,
            @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) String preview,
            @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) String body,
            @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> rowIds) {
    }

    /**
     * The spec.
     *
     * @param rootHash the SHA-256 of the file: pass it on to pin this version
     * @param sections its sections in file order (only the one asked for, when one is)
     * @param alwaysInvariants the ids of the invariants every task respects
     */
    public record Result(String rootHash, List<Section> sections, List<String> alwaysInvariants) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.reading("spec_read", "Read SPEC.md",
            "The repository's SPEC.md: each section with its row count and a preview, or one section whole; "
                    + "root_hash pins this version.",
            Args.class, Result.class, (context, args) -> {
                SpecDocument spec = context.colony().specs().read(SpecPaths.repoRoot(args.repoRoot()));
                List<String> always = spec.alwaysInvariants().stream().map(SpecRow::id).toList();
                if (args.section() == null) {
                    return new Result(spec.rootHash(), spec.sections().stream().map(section -> new Section(
                            section.id(), section.title(), section.rows().size(), Previews.line(section.body(),
                                    PREVIEW_CHARS), null, List.of())).toList(), always);
                }
                SpecSection section = spec.section(args.section()).orElseThrow(() -> ColonyException.about(
                        ErrorCode.NOT_FOUND, "section", "the spec has no §" + args.section()
                                + "; it has " + spec.sections().stream().map(SpecSection::id).distinct().toList()));
                return new Result(spec.rootHash(), List.of(new Section(section.id(), section.title(),
                        section.rows().size(), null, section.body(), section.rows().stream().map(SpecRow::id)
                        .toList())), always);
            });

    private SpecReadTool() {
    }
}
