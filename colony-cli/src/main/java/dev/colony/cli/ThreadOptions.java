package dev.colony.cli;

import picocli.CommandLine.Option;

/** The options that name the task thread the MCP server joins at start-up. */
public final class ThreadOptions {

    /** The option naming the repository root. */
    static final String REPO_ROOT = "--repo-root";

    /** The option naming the branch. */
    static final String BRANCH = "--branch";

    @Option(names = REPO_ROOT, paramLabel = "DIR",
            description = "Repository root whose task thread the session joins at start-up (default: the git "
                    + "work tree around the working directory).")
    String repoRoot;

    @Option(names = BRANCH, paramLabel = "NAME",
            description = "Branch whose task thread the session joins at start-up (default: the branch checked "
                    + "out in that work tree).")
    String branch;
}
