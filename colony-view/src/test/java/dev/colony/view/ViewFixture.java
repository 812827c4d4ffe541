package dev.colony.view;

import dev.colony.api.CallerScope;
import dev.colony.api.MemoryId;
import dev.colony.api.TaskId;
import dev.colony.api.baton.HandoffRequest;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.message.MessageDraft;
import dev.colony.api.message.MessageUrgency;
import dev.colony.api.plan.PlanDraft;
import dev.colony.api.plan.PlanRef;
import dev.colony.api.plan.SubtaskDraft;
import dev.colony.api.run.BlockedOn;
import dev.colony.api.run.Run;
import dev.colony.api.run.RunSpec;
import dev.colony.api.session.SessionStart;
import dev.colony.api.task.WorkingNoteDraft;
import dev.colony.core.Colony;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.store.sqlite.SqliteStorageProvider;
import java.nio.file.Path;
import java.util.List;

/**
 * The store the view is tested on: alice's two agents ({@code claude-code} and {@code codex}) on one branch of
 * a shop, claims, a working note, a plan in two waves with one sub-task claimed, messages and a handoff to
 * claude, a run blocked on a question to the user, memories and a task; and bob, another user, with a
 * memory and a plan alice must never see. With {@code hostile}, agent text carries markup, a script end tag,
 * a {@code javascript:} link and a right-to-left override.
 */
final class ViewFixture {

    static final String REPO = "/work/shop";
    static final String BRANCH = "feature/checkout";
    /** A word only bob's memory holds. */
    static final String BOB_WORD = "zanzibarledger";
    static final String BOB_PLAN = "bob-secret-plan";
    static final String IMG = "<img src=x onerror=\"document.title='pwned'\">";
    static final String SCRIPT = "</script><script>document.title='pwned'</script>";
    static final String LINK = "<a href=\"javascript:document.title='pwned'\">open me</a>";
    static final String RTL = "invoice\u202Egnp.exe";

    /**
     * What the fixture made.
     *
     * @param bobMemory bob's memory
     * @param aliceMemory a memory of alice's, about refunds
     * @param question the run blocked on the user
     */
    record Made(MemoryId bobMemory, MemoryId aliceMemory, Run question) {
    }

    private ViewFixture() {
    }

    /** A Colony on a SQLite file in {@code dir}, with its search index beside it. */
    static Colony open(Path dir) {
        return Colony.builder().storage(SqliteStorageProvider.open(dir.resolve("colony.db")))
                .search(LuceneSearch.besideStore()).build();
    }

    /** Fills the store. */
    static Made fill(Colony colony, boolean hostile) {
        CallerScope claude = colony.as(colony.sessions().ensure(SessionStart.of("alice", "claude-code")).actor());
        CallerScope codex = colony.as(colony.sessions().ensure(SessionStart.of("alice", "codex")).actor());
        TaskId thread = codex.tasks().open(REPO, BRANCH).thread().id();
        claude.tasks().join(thread);
        codex.claims().claim(thread, "src/checkout/Cart.java", null);
        codex.claims().claim(thread, "src/checkout/Payment.java", null);
        claude.claims().claim(thread, "web/refund.js", null);
        codex.activity().recordEdit(thread, "src/checkout/Cart.java");
        claude.tasks().noteWorking(WorkingNoteDraft.of("branch=" + BRANCH + "; task=wire the refund button; "
                + "blocker=none; next=run the browser tests; evidence=web/refund.js"));
        codex.plans().publish(PlanDraft.of(REPO, "checkout-v2", hostile ? "Checkout " + IMG : "Checkout v2", List.of(
                SubtaskDraft.of("Cart totals in cents", List.of("src/checkout/Cart.java")),
                SubtaskDraft.of(hostile ? "Payment " + LINK : "Payment retries", List.of("src/checkout/Payment.java")),
                SubtaskDraft.of("Refund button", List.of("web/refund.js")).dependingOn(0, 1))));
        codex.plans().claim(PlanRef.of("checkout-v2"), 0);
        codex.messages().send(MessageDraft.to(thread, hostile ? "Look " + SCRIPT + " " + RTL
                : "Payment.java is mine until the retries land; please keep off it.")
                .withToAgent("claude").withUrgency(MessageUrgency.BLOCKING));
        codex.messages().send(MessageDraft.to(thread, "The cart tests pass again on " + BRANCH + ".")
                .withToAgent("claude").withUrgency(MessageUrgency.FYI));
        codex.handoffs().handOff(HandoffRequest.of(thread, "claude", "Finish the refund flow: the API is in, the "
                + "button and its tests are left."));
        Run run = claude.runs().spawn(RunSpec.agent("codex", hostile ? "Review " + LINK
                : "Review the payment retries"));
        Run question = claude.runs().block(run.id(), BlockedOn.USER_INPUT, "Retry failed payments 3 or 5 times?");
        MemoryId aliceMemory = claude.memories().add(MemoryDraft.of(MemoryKind.of("decision"),
                hostile ? "Refunds go through the ledger. " + IMG + " " + RTL
                        : "Refunds go through the ledger service, never straight to the payment provider.")
                .withTopics(List.of("refunds"))).id();
        claude.memories().add(MemoryDraft.described("task", null, "Ship checkout v2",
                List.of("cart totals", "payment retries", "refund button"), "active"));
        CallerScope bob = colony.as(colony.sessions().ensure(SessionStart.of("bob", "gemini")).actor());
        TaskId bobThread = bob.tasks().open("/work/bank", "feature/vault").thread().id();
        bob.claims().claim(bobThread, "secret/Vault.java", null);
        MemoryId bobMemory = bob.memories().add(MemoryDraft.of(MemoryKind.of("fact"), "The " + BOB_WORD
                + " lives in the vault.")).id();
        bob.plans().publish(PlanDraft.of("/work/bank", BOB_PLAN, "Bob's vault plan", List.of(
                SubtaskDraft.of("Open the vault", List.of("secret/Vault.java")),
                SubtaskDraft.of("Count the gold", List.of("secret/Gold.java")))));
        return new Made(bobMemory, aliceMemory, question);
    }
}
