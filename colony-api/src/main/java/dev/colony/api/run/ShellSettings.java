package dev.colony.api.run;

import dev.colony.api.ColonyException;
import dev.colony.api.Echo;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * Whether and how a Colony executes shell runs. A command runs as the process's own user, so shell runs are off
 * until an operator turns them on; on, a command gets a minimal environment and its output is capped.
 *
 * <p>The allow-list: empty, a command is any text and runs through {@code sh -c}. Given, a command runs without a
 * shell: it is split into words (single and double quotes group, a backslash escapes the next character), its
 * first word must equal one of the listed programs (a bare name such as {@code git}, found on {@code PATH}, or an
 * absolute path; {@code ./git} matches neither), and shell syntax outside quotes ({@code | & ; < > ( ) $ `} and
 * line breaks) or a pattern ({@code * ? [ ~}) is refused, so no chaining, substitution, redirection or expansion
 * can start another program. A listed program that runs what it is given ({@code sh}, {@code env}, {@code xargs},
 * an interpreter) allows everything.
 *
 * @param enabled whether shell runs may be spawned; off, a spawn is refused with {@code SHELL_DISABLED} and nothing
 *     is recorded
 * @param allowedPrograms the programs a command may start, or empty for any command
 * @param passedEnvironment the names of the process's environment variables a command receives besides
 *     {@link #BASE_ENVIRONMENT}; no other variable of the process (its secrets) reaches a command
 * @param outputCap the most bytes of output kept per run: beyond it the oldest output is dropped while the command
 *     writes, and the run says how much ({@value #MIN_OUTPUT_CAP} to {@value #MAX_OUTPUT_CAP})
 */
public record ShellSettings(boolean enabled, Set<String> allowedPrograms, Set<String> passedEnvironment,
        long outputCap) {

    /** The variables every command receives from the process's environment, when it has them. */
    public static final List<String> BASE_ENVIRONMENT = List.of("PATH", "HOME", "LANG", "TERM");
    /** The output kept per run when not told otherwise: 8 MiB. */
    public static final long DEFAULT_OUTPUT_CAP = 8L * 1024 * 1024;
    /** The smallest output cap. */
    public static final long MIN_OUTPUT_CAP = 1024;
    /** The largest output cap: 1 GiB. */
    public static final long MAX_OUTPUT_CAP = 1024L * 1024 * 1024;

    private static final Pattern VARIABLE = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,127}");
    /** One part of a program's path: no separator, space, quote or shell syntax. */
    private static final Pattern PATH_PART = Pattern.compile("[^\\s/\\\\'\"`$;&|<>()*?\\[~#]{1,255}");

    /** Checks the components and copies the sets. */
    public ShellSettings {
        allowedPrograms = Set.copyOf(new TreeSet<>(allowedPrograms));
        for (String program : allowedPrograms) {
            if (!isProgram(program)) {
                throw ColonyException.invalid("shell_allow", "must name programs by bare name or absolute path, "
                        + "was " + Echo.quoted(program));
            }
        }
        passedEnvironment = Set.copyOf(new TreeSet<>(passedEnvironment));
        for (String name : passedEnvironment) {
            if (!VARIABLE.matcher(name).matches()) {
                throw ColonyException.invalid("shell_env", "must name environment variables (letters, digits and "
                        + "underscores), was " + Echo.quoted(name));
            }
        }
        if (outputCap < MIN_OUTPUT_CAP || outputCap > MAX_OUTPUT_CAP) {
            throw ColonyException.invalid("output_cap", "must be " + MIN_OUTPUT_CAP + " to " + MAX_OUTPUT_CAP
                    + " bytes, was " + outputCap);
        }
    }

    private static boolean isProgram(String program) {
        String path = program.startsWith("/") ? program.substring(1) : program;
        for (String part : path.split("/", -1)) {
            if (!PATH_PART.matcher(part).matches()) {
                return false;
            }
        }
        return true;
    }

    /** Shell runs off (the default). */
    public static ShellSettings off() {
        return new ShellSettings(false, Set.of(), Set.of(), DEFAULT_OUTPUT_CAP);
    }

    /** Shell runs on: any command, the base environment, the default output cap. */
    public static ShellSettings on() {
        return new ShellSettings(true, Set.of(), Set.of(), DEFAULT_OUTPUT_CAP);
    }

    /** These settings allowing only {@code programs} (empty: any command). */
    public ShellSettings allowing(Collection<String> programs) {
        return new ShellSettings(enabled, Set.copyOf(programs), passedEnvironment, outputCap);
    }

    /** These settings also passing the variables {@code names} on to commands. */
    public ShellSettings passing(Collection<String> names) {
        return new ShellSettings(enabled, allowedPrograms, Set.copyOf(names), outputCap);
    }

    /** These settings keeping at most {@code bytes} of output per run. */
    public ShellSettings cappedAt(long bytes) {
        return new ShellSettings(enabled, allowedPrograms, passedEnvironment, bytes);
    }
}
