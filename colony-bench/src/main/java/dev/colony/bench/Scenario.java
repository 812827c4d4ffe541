package dev.colony.bench;

/** A named benchmark that measures Colony and its raw baseline in one run. */
interface Scenario {

    /** The name used on the command line, e.g. {@code memory.add}. */
    String name();

    /** The size used when none is given. */
    int defaultSize();

    /** Runs the scenario at {@code size} and returns the measurements. */
    Result run(int size, BenchOptions options) throws Exception;
}
