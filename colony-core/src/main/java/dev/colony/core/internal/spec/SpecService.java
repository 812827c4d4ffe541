package dev.colony.core.internal.spec;

import dev.colony.api.spec.SpecContext;
import dev.colony.api.spec.SpecDocument;
import dev.colony.api.spec.Specs;
import java.nio.file.Path;
import java.util.List;

/** {@link Specs} over the parser, the editor and the file reader of this package; holds no state. */
public final class SpecService implements Specs {

    /** The one instance: the service holds nothing, so every Colony shares it. */
    public static final SpecService INSTANCE = new SpecService();

    private SpecService() {
    }

    @Override
    public SpecDocument parse(String text) {
        return SpecParser.parse(text);
    }

    @Override
    public SpecDocument read(Path repoRoot) {
        return SpecFiles.read(repoRoot);
    }

    @Override
    public SpecDocument addRow(SpecDocument document, String rowId, List<String> cells) {
        return SpecEditor.add(document, rowId, cells);
    }

    @Override
    public SpecDocument replaceRow(SpecDocument document, String rowId, List<String> cells) {
        return SpecEditor.replace(document, rowId, cells);
    }

    @Override
    public SpecDocument removeRow(SpecDocument document, String rowId) {
        return SpecEditor.remove(document, rowId);
    }

    @Override
    public SpecContext context(SpecDocument document, String taskId) {
        return SpecContexts.of(document, taskId);
    }
}
