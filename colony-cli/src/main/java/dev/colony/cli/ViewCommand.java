package dev.colony.cli;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.core.Colony;
import dev.colony.launch.EmbeddedColony;
import dev.colony.launch.LaunchSettings;
import dev.colony.view.ColonyView;
import java.awt.Desktop;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code colony view}: serves the live, read-only page of the user's colony on 127.0.0.1 until interrupted, and
 * prints its address, with the secret token, to stderr only (stdout stays clean for scripts).
 */
@Command(name = "view", mixinStandardHelpOptions = true,
        description = {"Serve a live, read-only web page of the user's colony on 127.0.0.1: lanes, what needs "
                + "attention, plans, claims, runs and memory, updated as agents write.",
                "Prints the page's address (with its secret token) to stderr; runs until Ctrl-C. Only reads: a store "
                        + "that does not exist is an error, never created."})
public final class ViewCommand implements Callable<Integer> {

    @Option(names = "--port", paramLabel = "N", defaultValue = "0",
            description = "Port on 127.0.0.1 (default: a free one).")
    int port;

    @Option(names = "--open", description = "Also open the page in the desktop's browser, if there is one.")
    boolean open;

    @Mixin
    StoreOptions store;

    @ParentCommand
    ColonyCli parent;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        LaunchSettings settings = parent.settings(store, null);
        if (port < 0 || port > 65_535) {
            throw ColonyException.invalid("port", "must be between 0 and 65535, was " + port);
        }
        PrintWriter err = spec.commandLine().getErr();
        CountDownLatch stop = new CountDownLatch(1);
        CountDownLatch closed = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            stop.countDown();
            try {
                closed.await(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "colony-view-stop");
        try (Colony colony = EmbeddedColony.openExisting(settings); ColonyView view = start(colony, settings)) {
            err.println("Colony view of " + settings.user().value() + " (" + settings.storeLabel() + "):");
            err.println("  " + view.address());
            err.println("Anyone with this address can read the page. Ctrl-C stops it.");
            err.flush();
            if (open) {
                browse(view.address());
            }
            Runtime.getRuntime().addShutdownHook(hook);
            try {
                stop.await();
            } finally {
                removeHook(hook);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            closed.countDown();
        }
        return 0;
    }

    /** Removes the Ctrl-C hook of a view that stopped otherwise (interrupted); nothing when the JVM is exiting. */
    private static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // the JVM is shutting down: the hook runs, and waits for the close above
        }
    }

    private ColonyView start(Colony colony, LaunchSettings settings) {
        try {
            return ColonyView.start(colony, settings.user(), port);
        } catch (IOException e) {
            throw ColonyException.about(ErrorCode.UNAVAILABLE, "port", "cannot listen on 127.0.0.1:" + port + " ("
                    + e.getMessage() + "); choose another --port, or 0 for a free one");
        }
    }

    /** Opens {@code address} in the desktop's browser; says nothing when there is none or it fails. */
    static void browse(URI address) {
        try {
            if (Desktop.isDesktopSupported() && Desktop.getDesktop().isSupported(Desktop.Action.BROWSE)) {
                Desktop.getDesktop().browse(address);
                return;
            }
        } catch (IOException | RuntimeException e) {
            // fall through to the system's opener
        }
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        List<String> command = os.contains("win")
                ? List.of("rundll32", "url.dll,FileProtocolHandler", address.toString())
                : os.contains("mac") ? List.of("open", address.toString()) : List.of("xdg-open", address.toString());
        try {
            new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        } catch (IOException | RuntimeException e) {
            // no browser here: the address is printed
        }
    }
}
