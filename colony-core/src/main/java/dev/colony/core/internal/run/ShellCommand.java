package dev.colony.core.internal.run;

import dev.colony.api.ColonyException;
import dev.colony.api.Echo;
import dev.colony.api.ErrorCode;
import dev.colony.api.run.ShellSettings;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * What a shell run starts, under the operator's {@link ShellSettings}: the words of the process and its
 * environment.
 *
 * <p>Without an allow-list the words are {@code sh -c <command>}. With one, no shell runs: the command is split
 * into words as {@link ShellSettings} describes and its first word must be a listed program, so nothing in the
 * command can start another program. The environment is built from nothing: {@link ShellSettings#BASE_ENVIRONMENT}
 * and the names the operator passes, with the values the process has; nothing else of the process's environment
 * (its database password, its cloud keys) reaches the command.
 */
final class ShellCommand {

    /** The search path a command gets when the process has none. */
    static final String DEFAULT_PATH = "/usr/local/bin:/usr/bin:/bin";
    /** What a command started without a shell may not hold outside quotes: it would need a shell to mean anything. */
    private static final String SHELL_SYNTAX = "|&;<>()$`*?[~#";

    private ShellCommand() {
    }

    /**
     * The words that start {@code command}.
     *
     * @throws ColonyException {@code COMMAND_NOT_ALLOWED} naming {@code command} when an allow-list is set and the
     *     command starts another program or holds shell syntax; {@code INVALID_ARGUMENT} for an unclosed quote
     */
    static List<String> words(String command, ShellSettings settings) {
        if (settings.allowedPrograms().isEmpty()) {
            return List.of("sh", "-c", command);
        }
        List<String> words = split(command);
        if (words.isEmpty() || !settings.allowedPrograms().contains(words.get(0))) {
            throw ColonyException.about(ErrorCode.COMMAND_NOT_ALLOWED, "command", "this server runs only "
                    + String.join(", ", new TreeSet<>(settings.allowedPrograms())) + ", not "
                    + Echo.quoted(words.isEmpty() ? "" : words.get(0)));
        }
        return words;
    }

    /** The environment of a command: the base and the passed variables that {@code source} holds. */
    static Map<String, String> environment(ShellSettings settings, Map<String, String> source) {
        Map<String, String> environment = new LinkedHashMap<>();
        for (String name : ShellSettings.BASE_ENVIRONMENT) {
            String value = source.get(name);
            if (value != null) {
                environment.put(name, value);
            }
        }
        environment.putIfAbsent("PATH", DEFAULT_PATH);
        for (String name : settings.passedEnvironment()) {
            String value = source.get(name);
            if (value != null) {
                environment.put(name, value);
            }
        }
        return environment;
    }

    /**
     * The words of a command run without a shell: blanks separate them, single quotes keep everything to the next
     * one, double quotes keep everything but {@code $} and backquote (a backslash escapes {@code "} and
     * {@code \}), a backslash outside quotes escapes the next character.
     */
    private static List<String> split(String command) {
        List<String> words = new ArrayList<>();
        StringBuilder word = null;
        int length = command.length();
        for (int i = 0; i < length; i++) {
            char c = command.charAt(i);
            if (c == '\n' || c == '\r') {
                throw notAllowed("a line break");
            } else if (Character.isWhitespace(c)) {
                if (word != null) {
                    words.add(word.toString());
                    word = null;
                }
            } else {
                word = word == null ? new StringBuilder() : word;
                if (c == '\'') {
                    int end = command.indexOf('\'', i + 1);
                    if (end < 0) {
                        throw unclosed();
                    }
                    word.append(command, i + 1, end);
                    i = end;
                } else if (c == '"') {
                    i = doubleQuoted(command, i + 1, word);
                } else if (c == '\\') {
                    if (++i == length) {
                        throw unclosed();
                    }
                    word.append(command.charAt(i));
                } else if (SHELL_SYNTAX.indexOf(c) >= 0) {
                    throw notAllowed("'" + c + "' outside quotes");
                } else {
                    word.append(c);
                }
            }
        }
        if (word != null) {
            words.add(word.toString());
        }
        return words;
    }

    /** Appends the double-quoted text that starts at {@code from}; returns the index of its closing quote. */
    private static int doubleQuoted(String command, int from, StringBuilder word) {
        for (int i = from; i < command.length(); i++) {
            char c = command.charAt(i);
            if (c == '"') {
                return i;
            }
            if (c == '$' || c == '`') {
                throw notAllowed("'" + c + "' (nothing is substituted)");
            }
            if (c == '\\' && i + 1 < command.length() && (command.charAt(i + 1) == '"'
                    || command.charAt(i + 1) == '\\')) {
                i++;
            }
            word.append(command.charAt(i));
        }
        throw unclosed();
    }

    private static ColonyException notAllowed(String what) {
        return ColonyException.about(ErrorCode.COMMAND_NOT_ALLOWED, "command", "this server runs commands "
                + "without a shell (it has an allow-list), so a command may not hold " + what
                + "; run one program with its arguments, quoting what they contain");
    }

    private static ColonyException unclosed() {
        return ColonyException.invalid("command", "has an unclosed quote or a trailing backslash");
    }
}
