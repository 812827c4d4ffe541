package dev.colony.bench;

import java.util.List;

/** A named benchmark that measures Colony and its raw baseline in one run. */
interface Scenario {

    /** The name used on the command line, e.g. {@code memory.add}. */
    String name();

    /** The size used when none is given. */
    int defaultSize();

    /** The sizes run when none is given. */
    default List<Integer> defaultSizes() {
        return List.of(defaultSize());
    }

    /** The smallest size the scenario accepts. */
    default int minimumSize() {
        return 1;
    }

    /** Whether a run that names no scenario runs this one (not when it needs data Colony does not ship). */
    default boolean runsByDefault() {
        return true;
    }

    /** Runs the scenario at {@code size} and returns the measurements. */
    Result run(int size, BenchOptions options) throws Exception;
}
