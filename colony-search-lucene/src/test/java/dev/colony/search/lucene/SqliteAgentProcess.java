package dev.colony.search.lucene;

import dev.colony.spi.storage.StoredVector;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;

/**
 * The second JVM of {@link CrossProcessSearchTest}: an agent that obeys one command per line on
 * standard input and answers one line on standard output.
 *
 * <ul>
 *   <li>{@code WRITE word} writes a memory about the word: {@code WROTE id};</li>
 *   <li>{@code UPDATE id word} rewrites memory {@code id} to be about the word: {@code UPDATED};</li>
 *   <li>{@code SEARCH word}: {@code HITS id,id,...} (sorted);</li>
 *   <li>{@code WRITEV model floats text} writes a memory of that text with that vector (floats
 *       comma-separated): {@code WROTE id};</li>
 *   <li>{@code SEARCHV model floats}: the memories near that vector, {@code HITS id,id,...};</li>
 *   <li>{@code INDEXED} waits until the index holds every change of the store: {@code INDEXED};</li>
 *   <li>{@code ROLE}: {@code ROLE writer} or {@code ROLE reader};</li>
 *   <li>{@code EXIT} closes everything: {@code BYE}.</li>
 * </ul>
 * It prints {@code READY} once the store and index are open.
 */
public final class SqliteAgentProcess {

    private SqliteAgentProcess() {
    }

    /** Runs the agent over the database file {@code args[0]}. */
    public static void main(String[] args) throws Exception {
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        try (SqliteAgent agent = new SqliteAgent(Path.of(args[0]), "child-session")) {
            agent.openIndex();
            out.println("READY");
            String line;
            while ((line = in.readLine()) != null) {
                String[] command = line.split(" ", 2);
                switch (command[0]) {
                    case "WRITE" -> out.println("WROTE " + agent.write(command[1]));
                    case "UPDATE" -> {
                        String[] target = command[1].split(" ", 2);
                        agent.update(Long.parseLong(target[0]), target[1]);
                        out.println("UPDATED");
                    }
                    case "SEARCH" -> out.println("HITS " + join(agent.search(command[1])));
                    case "WRITEV" -> {
                        String[] parts = command[1].split(" ", 3);
                        out.println("WROTE " + agent.write(parts[2], vector(parts[0], parts[1])));
                    }
                    case "SEARCHV" -> {
                        String[] parts = command[1].split(" ", 2);
                        out.println("HITS " + join(agent.searchMeaning("meaning", vector(parts[0], parts[1]))));
                    }
                    case "INDEXED" -> {
                        agent.awaitIndexed();
                        out.println("INDEXED");
                    }
                    case "ROLE" -> out.println("ROLE " + (agent.writer() ? "writer" : "reader"));
                    case "EXIT" -> {
                        agent.closeIndex();
                        out.println("BYE");
                        return;
                    }
                    default -> out.println("ERROR unknown command " + command[0]);
                }
            }
        }
    }

    /** A vector sent as {@code model} and comma-separated floats. */
    static StoredVector vector(String model, String floats) {
        String[] values = floats.split(",");
        float[] vector = new float[values.length];
        for (int i = 0; i < values.length; i++) {
            vector[i] = Float.parseFloat(values[i]);
        }
        return new StoredVector(model, vector);
    }

    /** {@code vector} as {@link #vector} reads it. */
    static String wire(StoredVector vector) {
        StringBuilder floats = new StringBuilder(vector.model()).append(' ');
        for (int i = 0; i < vector.dimension(); i++) {
            if (i > 0) {
                floats.append(',');
            }
            floats.append(vector.values()[i]);
        }
        return floats.toString();
    }

    private static String join(Set<Long> ids) {
        StringBuilder joined = new StringBuilder();
        for (long id : new TreeSet<>(ids)) {
            if (joined.length() > 0) {
                joined.append(',');
            }
            joined.append(id);
        }
        return joined.toString();
    }
}
