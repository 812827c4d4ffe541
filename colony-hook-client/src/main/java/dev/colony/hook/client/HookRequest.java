package dev.colony.hook.client;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * One hook call as it travels through the {@link HookSpool}: the store, the event, the command-line
 * options, the {@code COLONY_*} environment and the system properties the hook was started with, then
 * Claude Code's payload as it came. The server resolves who the hook acts as from these exactly as the
 * hook's own JVM would, so the launcher needs to understand none of it.
 *
 * <p>On the wire: a version line, {@code name=value} lines ({@code store}, {@code event},
 * {@code option.--db}, {@code env.COLONY_USER}, {@code system.user.name}…), an empty line, then the
 * payload's bytes; UTF-8. A value with a line break cannot travel: such a hook does the work itself.
 */
public final class HookRequest {

    /** The first line of every request. */
    public static final String VERSION = "colony-hook 2";
    /** The environment variables a hook passes on; never a password. */
    public static final List<String> ENV = List.of("COLONY_USER", "COLONY_AGENT", "COLONY_DB", "COLONY_JDBC_URL",
            "COLONY_HOME", "HOME");
    /** The system properties a hook passes on. */
    public static final List<String> SYSTEM = List.of("user.name", "user.home", "user.dir");
    /** The longest header read. */
    static final int MAX_HEADER_BYTES = 64 * 1024;

    private final String store;
    private final String event;
    private final Map<String, String> options;
    private final Map<String, String> env;
    private final Properties system;
    private final byte[] payload;

    /**
     * A request.
     *
     * @param store the store's key ({@link StoreLocation#key()})
     * @param event the hook's event, as on the command line ({@code pre-tool-use})
     * @param options the options by name ({@code --db} → value)
     * @param env the environment; only {@link #ENV} travels
     * @param system the system properties; only {@link #SYSTEM} travel
     * @param payload Claude Code's payload
     */
    public HookRequest(String store, String event, Map<String, String> options, Map<String, String> env,
            Properties system, byte[] payload) {
        this.store = store;
        this.event = event;
        this.options = Map.copyOf(options);
        Map<String, String> passed = new LinkedHashMap<>();
        for (String name : ENV) {
            String value = env.get(name);
            if (value != null) {
                passed.put(name, value);
            }
        }
        this.env = Map.copyOf(passed);
        this.system = new Properties();
        for (String name : SYSTEM) {
            String value = system.getProperty(name);
            if (value != null) {
                this.system.setProperty(name, value);
            }
        }
        this.payload = payload.clone();
    }

    /** The store's key. */
    public String store() {
        return store;
    }

    /** The event, as on the command line. */
    public String event() {
        return event;
    }

    /** The command-line options by name. */
    public Map<String, String> options() {
        return options;
    }

    /** The environment the hook passed on. */
    public Map<String, String> env() {
        return env;
    }

    /** The system properties the hook passed on (a copy). */
    public Properties system() {
        Properties copy = new Properties();
        copy.putAll(system);
        return copy;
    }

    /** Claude Code's payload (a copy). */
    public byte[] payload() {
        return payload.clone();
    }

    /** The request's bytes, or empty when a value has a line break. */
    public Optional<byte[]> encode() {
        StringBuilder header = new StringBuilder(VERSION).append('\n');
        if (!line(header, "store", store) || !line(header, "event", event)) {
            return Optional.empty();
        }
        for (Map.Entry<String, String> option : options.entrySet()) {
            if (!line(header, "option." + option.getKey(), option.getValue())) {
                return Optional.empty();
            }
        }
        for (Map.Entry<String, String> variable : env.entrySet()) {
            if (!line(header, "env." + variable.getKey(), variable.getValue())) {
                return Optional.empty();
            }
        }
        for (String name : system.stringPropertyNames()) {
            if (!line(header, "system." + name, system.getProperty(name))) {
                return Optional.empty();
            }
        }
        byte[] head = header.append('\n').toString().getBytes(StandardCharsets.UTF_8);
        byte[] bytes = new byte[head.length + payload.length];
        System.arraycopy(head, 0, bytes, 0, head.length);
        System.arraycopy(payload, 0, bytes, head.length, payload.length);
        return Optional.of(bytes);
    }

    private static boolean line(StringBuilder header, String name, String value) {
        if (value.indexOf('\n') >= 0 || value.indexOf('\r') >= 0 || name.indexOf('=') >= 0
                || name.indexOf('\n') >= 0) {
            return false;
        }
        header.append(name).append('=').append(value).append('\n');
        return true;
    }

    /**
     * Reads a request.
     *
     * @throws IOException when it is not a request of this version, or its header is malformed or too long
     */
    public static HookRequest decode(InputStream in) throws IOException {
        String store = null;
        String event = null;
        Map<String, String> options = new LinkedHashMap<>();
        Map<String, String> env = new LinkedHashMap<>();
        Properties system = new Properties();
        int[] budget = {MAX_HEADER_BYTES};
        if (!VERSION.equals(readLine(in, budget))) {
            throw new IOException("not a " + VERSION + " request");
        }
        for (String line = readLine(in, budget); !line.isEmpty(); line = readLine(in, budget)) {
            int equals = line.indexOf('=');
            if (equals <= 0) {
                throw new IOException("malformed request line: " + line);
            }
            String name = line.substring(0, equals);
            String value = line.substring(equals + 1);
            if (name.equals("store")) {
                store = value;
            } else if (name.equals("event")) {
                event = value;
            } else if (name.startsWith("option.")) {
                options.put(name.substring("option.".length()), value);
            } else if (name.startsWith("env.")) {
                env.put(name.substring("env.".length()), value);
            } else if (name.startsWith("system.")) {
                system.setProperty(name.substring("system.".length()), value);
            } else {
                throw new IOException("unknown request line: " + name);
            }
        }
        if (store == null || event == null) {
            throw new IOException("the request names no store or no event");
        }
        return new HookRequest(store, event, options, env, system, in.readAllBytes());
    }

    /** One header line without its end, or the empty string at the blank line that ends the header. */
    private static String readLine(InputStream in, int[] budget) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int b = in.read(); b != '\n'; b = in.read()) {
            if (b < 0) {
                throw new IOException("the request ends inside its header");
            }
            if (--budget[0] < 0) {
                throw new IOException("the request's header is longer than " + MAX_HEADER_BYTES + " bytes");
            }
            line.write(b);
        }
        return line.toString(StandardCharsets.UTF_8);
    }
}
