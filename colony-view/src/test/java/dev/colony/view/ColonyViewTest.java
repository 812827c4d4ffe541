package dev.colony.view;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.colony.api.UserId;
import dev.colony.core.Colony;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The view over HTTP as a browser or a hostile page would call it: the token, Host and Origin checks, the
 * methods, the headers on every response, the JSON of each read, the access gate (bob's records never reach
 * alice's view) and the cap on event streams.
 */
class ColonyViewTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path dir;

    private static Colony colony;
    private static ColonyView view;
    private static ViewFixture.Made made;
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    @BeforeAll
    static void serve() throws IOException {
        colony = ViewFixture.open(dir);
        made = ViewFixture.fill(colony, false);
        view = ColonyView.start(colony, UserId.of("alice"), 0);
    }

    @AfterAll
    static void stop() {
        view.close();
        colony.close();
    }

    private static String token() {
        String query = view.address().getQuery();
        return query.substring(query.indexOf('=') + 1);
    }

    private static URI uri(String pathAndQuery) {
        return URI.create("http://127.0.0.1:" + view.port() + pathAndQuery);
    }

    private static HttpResponse<String> get(String pathAndQuery) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(uri(pathAndQuery)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static JsonNode api(String path) throws Exception {
        HttpResponse<String> response = get(path + (path.contains("?") ? "&" : "?") + "token=" + token());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/json; charset=utf-8");
        return JSON.readTree(response.body());
    }

    @Test
    void withoutTheTokenNothingIsReadAndTheFirstPageLoadSetsAStrictCookie() throws Exception {
        assertThat(get("/api/lanes").statusCode()).isEqualTo(401);
        assertThat(get("/").statusCode()).isEqualTo(401);
        assertThat(get("/api/lanes?token=" + token().substring(1) + "x").statusCode()).isEqualTo(403);

        HttpResponse<String> page = get("/?token=" + token());
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body()).contains("<script src=\"/static/app.js\" defer></script>").doesNotContain("onclick");
        String cookie = page.headers().firstValue("Set-Cookie").orElseThrow();
        assertThat(cookie).startsWith("colony_view_" + view.port() + "=" + token() + ";").contains("HttpOnly")
                .contains("SameSite=Strict");
        HttpResponse<String> withCookie = HTTP.send(HttpRequest.newBuilder(uri("/api/runs"))
                .header("Cookie", cookie.substring(0, cookie.indexOf(';'))).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(withCookie.statusCode()).isEqualTo(200);
        assertThat(view.address().toString()).matches("http://127\\.0\\.0\\.1:\\d+/\\?token=[A-Za-z0-9_-]{32}");
    }

    @Test
    void everyResponseCarriesTheSafetyHeadersAndNoCorsHeader() throws Exception {
        for (String path : List.of("/api/lanes", "/api/lanes?token=" + token(), "/static/app.js?token=" + token(),
                "/nothing?token=" + token())) {
            HttpResponse<String> response = get(path);
            assertThat(response.headers().firstValue("Content-Security-Policy")).as(path)
                    .hasValue("default-src 'self'");
            assertThat(response.headers().firstValue("X-Content-Type-Options")).as(path).hasValue("nosniff");
            assertThat(response.headers().firstValue("Referrer-Policy")).as(path).hasValue("no-referrer");
            assertThat(response.headers().firstValue("Cache-Control")).as(path).hasValue("no-store");
            assertThat(response.headers().map().keySet()).as(path)
                    .noneMatch(h -> h.toLowerCase(Locale.ROOT).startsWith("access-control"));
        }
        assertThat(get("/nothing?token=" + token()).statusCode()).isEqualTo(404);
        assertThat(get("/static/../ColonyView.class?token=" + token()).statusCode()).isEqualTo(404);
    }

    @Test
    void onlyGetAndHeadAreAnswered() throws Exception {
        for (String method : List.of("POST", "PUT", "DELETE")) {
            HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(uri("/api/lanes?token=" + token()))
                    .method(method, HttpRequest.BodyPublishers.ofString("{}")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).as(method).isEqualTo(405);
            assertThat(response.headers().firstValue("Allow")).hasValue("GET, HEAD");
        }
        HttpResponse<String> head = HTTP.send(HttpRequest.newBuilder(uri("/api/lanes?token=" + token()))
                .method("HEAD", HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(head.statusCode()).isEqualTo(200);
    }

    @Test
    void aForeignHostIsRefusedAgainstDnsRebinding() throws Exception {
        assertThat(rawStatus("evil.example:" + view.port())).isEqualTo(403);
        assertThat(rawStatus("127.0.0.1:" + (view.port() + 1))).isEqualTo(403);
        assertThat(rawStatus("localhost:" + view.port())).isEqualTo(200);
        assertThat(rawStatus("127.0.0.1:" + view.port())).isEqualTo(200);
    }

    /** The status of a GET of the lanes sent with this {@code Host}, over a plain socket (clients fix the header). */
    private static int rawStatus(String host) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", view.port())) {
            socket.setSoTimeout(5_000);
            OutputStream out = socket.getOutputStream();
            out.write(("GET /api/lanes?token=" + token() + " HTTP/1.1\r\nHost: " + host
                    + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            String status = new String(in.readNBytes(12), StandardCharsets.US_ASCII);
            return Integer.parseInt(status.substring(9, 12));
        }
    }

    @Test
    void aForeignOriginIsRefused() throws Exception {
        for (String origin : List.of("http://evil.example", "http://127.0.0.1:" + (view.port() + 1), "null")) {
            HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(uri("/api/lanes?token=" + token()))
                    .header("Origin", origin).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).as(origin).isEqualTo(403);
        }
        HttpResponse<String> same = HTTP.send(HttpRequest.newBuilder(uri("/api/lanes?token=" + token()))
                .header("Origin", "http://127.0.0.1:" + view.port()).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(same.statusCode()).isEqualTo(200);
    }

    @Test
    void eachReadAnswersItsQuestionInCompactJson() throws Exception {
        JsonNode lanes = api("/api/lanes");
        assertThat(lanes.get("user").asText()).isEqualTo("alice");
        JsonNode claude = find(lanes.get("lanes"), "agent", "claude-code");
        assertThat(claude.get("repo").asText()).isEqualTo(ViewFixture.REPO);
        assertThat(claude.get("branch").asText()).isEqualTo(ViewFixture.BRANCH);
        assertThat(claude.get("activity").asText()).isNotBlank();
        assertThat(claude.get("working_note").get("next").asText()).isEqualTo("run the browser tests");
        assertThat(claude.get("age_s").isNumber()).isTrue();

        JsonNode claims = api("/api/claims");
        assertThat(texts(claims.get("claims"), "file")).contains("src/checkout/Cart.java", "web/refund.js");
        assertThat(find(claims.get("claims"), "file", "web/refund.js").get("agent").asText()).isEqualTo("claude-code");
        assertThat(texts(claims.get("hot"), "file")).contains("src/checkout/Cart.java");

        JsonNode plan = api("/api/plans").get("plans").get(0);
        assertThat(plan.get("slug").asText()).isEqualTo("checkout-v2");
        assertThat(texts(plan.get("subtasks"), "wave")).containsExactly("0", "0", "1");
        assertThat(plan.get("subtasks").get(0).get("claimed_by").asText()).isEqualTo("codex");
        assertThat(plan.get("subtasks").get(2).get("waits_for").toString()).isEqualTo("[0,1]");

        JsonNode inbox = api("/api/inbox?agent=claude-code");
        assertThat(texts(inbox.get("agents"), null)).contains("claude-code", "codex");
        assertThat(texts(inbox.get("messages"), "urgency")).contains("blocking", "fyi");
        assertThat(texts(inbox.get("batons"), "kind")).containsExactly("handoff");
        JsonNode question = inbox.get("questions").get(0);
        assertThat(question.get("question").asText()).isEqualTo("Retry failed payments 3 or 5 times?");
        assertThat(question.get("command").asText()).isEqualTo("colony answer " + made.question().id().value()
                + " \"…\"");
        assertThat(get("/api/inbox?agent=nobody&token=" + token()).statusCode()).isEqualTo(404);

        JsonNode run = api("/api/runs").get("runs").get(0);
        assertThat(run.get("status").asText()).isEqualTo("blocked");
        assertThat(run.get("agent").asText()).isEqualTo("codex");
        assertThat(run.has("duration_s") && run.has("tokens")).isTrue();
        HttpResponse<String> output = get("/api/output?run=" + made.question().id().value() + "&token=" + token());
        assertThat(output.statusCode()).as("an agent run has no shell output").isEqualTo(400);
        assertThat(JSON.readTree(output.body()).get("field").asText()).isEqualTo("task_id");

        JsonNode hits = api("/api/search?q=refunds+ledger&type=decision");
        assertThat(texts(hits.get("hits"), "id")).containsExactly(String.valueOf(made.aliceMemory().value()));
        assertThat(api("/api/search?q=refunds+ledger&topic=refunds").get("hits")).hasSize(1);
        assertThat(api("/api/search?q=refunds+ledger&topic=billing").get("hits")).isEmpty();
        assertThat(get("/api/search?token=" + token()).statusCode()).isEqualTo(400);
        JsonNode memory = api("/api/memory?id=" + made.aliceMemory().value());
        assertThat(memory.get("content").asText()).startsWith("Refunds go through the ledger service");
        assertThat(texts(memory.get("topics"), null)).containsExactly("refunds");
        assertThat(get("/api/memory?id=x&token=" + token()).statusCode()).isEqualTo(400);

        JsonNode feed = api("/api/feed");
        assertThat(texts(feed.get("tasks"), "text")).anyMatch(text -> text.contains("Ship checkout v2"));
    }

    @Test
    void anotherUsersRecordsNeverAppear() throws Exception {
        assertThat(api("/api/search?q=" + ViewFixture.BOB_WORD).get("hits")).isEmpty();
        assertThat(get("/api/memory?id=" + made.bobMemory().value() + "&token=" + token()).statusCode())
                .isEqualTo(404);
        assertThat(texts(api("/api/plans").get("plans"), "slug")).doesNotContain(ViewFixture.BOB_PLAN);
        assertThat(texts(api("/api/lanes").get("lanes"), "agent")).doesNotContain("gemini");
        assertThat(texts(api("/api/claims").get("claims"), "file")).doesNotContain("secret/Vault.java");
        assertThat(texts(api("/api/inbox").get("agents"), null)).doesNotContain("gemini");
        assertThat(get("/api/inbox?agent=gemini&token=" + token()).statusCode()).isEqualTo(404);
        assertThat(api("/api/feed").toString()).doesNotContain("vault").doesNotContain("Vault");
    }

    @Test
    void eventStreamsBeyondTheCapAreRefused() throws Exception {
        List<InputStream> open = new ArrayList<>();
        try {
            for (int i = 0; i < ColonyView.MAX_STREAMS; i++) {
                HttpResponse<InputStream> stream = stream();
                assertThat(stream.statusCode()).isEqualTo(200);
                assertThat(stream.headers().firstValue("Content-Type")).hasValue("text/event-stream; charset=utf-8");
                open.add(stream.body());
            }
            HttpResponse<InputStream> refused = stream();
            assertThat(refused.statusCode()).isEqualTo(503);
            refused.body().close();
            assertThat(get("/api/runs?token=" + token()).statusCode()).as("reads go on").isEqualTo(200);
        } finally {
            for (InputStream in : open) {
                in.close();
            }
        }
    }

    static HttpResponse<InputStream> stream() throws Exception {
        return HTTP.send(HttpRequest.newBuilder(uri("/events?token=" + token())).build(),
                HttpResponse.BodyHandlers.ofInputStream());
    }

    private static JsonNode find(JsonNode array, String field, String value) {
        return StreamSupport.stream(array.spliterator(), false).filter(n -> n.get(field).asText().equals(value))
                .findFirst().orElseThrow(() -> new AssertionError("no " + field + " " + value + " in " + array));
    }

    private static List<String> texts(JsonNode array, String field) {
        return StreamSupport.stream(array.spliterator(), false)
                .map(n -> field == null ? n.asText() : n.get(field).asText()).toList();
    }
}
