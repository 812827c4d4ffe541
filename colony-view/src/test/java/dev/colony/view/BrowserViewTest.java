package dev.colony.view;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.colony.api.UserId;
import dev.colony.core.Colony;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The page in a real browser (Chromium, headless): on the fixture store with hostile agent text it renders who
 * works on what, the inbox with the answer command, the plan's two waves, claims and runs; no element is made
 * from agent text (no image, no link, no script: the markup shows as written, a right-to-left override too);
 * and it leaves screenshots under {@code target/view/} to look at.
 */
class BrowserViewTest {

    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");

    @TempDir
    Path dir;

    @Test
    void thePageShowsTheStoreAndAgentTextOnlyAsText() throws Exception {
        assumeTrue(Files.isExecutable(CHROMIUM), "Chromium is not installed at " + CHROMIUM
                + " (Debian package 'chromium'); .ci/run installs it");
        try (Colony colony = ViewFixture.open(dir)) {
            ViewFixture.fill(colony, true);
            try (ColonyView view = ColonyView.start(colony, UserId.of("alice"), 0)) {
                long start = System.nanoTime();
                String dom = chromium(view, "--dump-dom");
                System.out.println("page rendered by headless Chromium in "
                        + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start) + " ms (browser start included)");
                assertThat(dom).contains("Who is working on what", "claude-code", "codex", ViewFixture.BRANCH,
                        "next: run the browser tests", "Wave 0", "Wave 1", "waits for 0, 1",
                        "Retry failed payments 3 or 5 times?", "colony answer ", "Finish the refund flow",
                        "src/checkout/Cart.java", "Ship checkout v2");
                assertThat(dom).doesNotContain("vault");

                String body = dom.substring(dom.indexOf("<body"));
                assertThat(body).as("no element made from agent text").doesNotContain("<img")
                        .doesNotContain("<a href=\"javascript")
                        .doesNotContain("<script>document");
                assertThat(body.split("<script", -1)).as("no script element but the page's own").hasSize(1);
                assertThat(dom).contains("<title>Colony live view</title>").doesNotContain("pwned</title>");
                assertThat(body).as("the markup shows as written")
                        .contains("Checkout &lt;img src=x onerror=\"document.title='pwned'\"&gt;")
                        .contains("&lt;/script&gt;&lt;script&gt;document.title='pwned'&lt;/script&gt;")
                        .contains("Payment &lt;a href=\"javascript:document.title='pwned'\"&gt;open me&lt;/a&gt;")
                        .contains(ViewFixture.RTL);

                Path shots = Files.createDirectories(Path.of("target", "view"));
                chromium(view, "--screenshot=" + shots.resolve("view.png").toAbsolutePath(), "--window-size=1280,900");
                assertThat(Files.size(shots.resolve("view.png"))).isGreaterThan(10_000);
            }
        }
    }

    /**
     * Runs headless Chromium on the view's address with {@code flags}; returns what it printed. The page is opened
     * as a {@code #snapshot}: an open event stream never finishes loading, so the virtual-time budget would not end.
     */
    private String chromium(ColonyView view, String... flags) throws IOException, InterruptedException {
        Path profile = Files.createTempDirectory(dir, "profile");
        List<String> command = new ArrayList<>(List.of(CHROMIUM.toString(), "--headless", "--no-sandbox",
                "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--user-data-dir=" + profile,
                "--virtual-time-budget=5000"));
        command.addAll(List.of(flags));
        command.add(view.address() + "#snapshot");
        Path out = dir.resolve("chromium.out");
        Process process = new ProcessBuilder(command).redirectError(dir.resolve("chromium.err").toFile())
                .redirectOutput(out.toFile()).start();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("Chromium did not finish within 60 s: "
                    + Files.readString(dir.resolve("chromium.err")));
        }
        assertThat(process.exitValue()).as(Files.readString(dir.resolve("chromium.err"))).isZero();
        return Files.readString(out, StandardCharsets.UTF_8);
    }
}
