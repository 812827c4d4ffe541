package dev.colony.api;

import dev.colony.api.activity.FileActivity;
import dev.colony.api.attention.AttentionInbox;
import dev.colony.api.baton.Handoffs;
import dev.colony.api.baton.QuotaBatons;
import dev.colony.api.baton.Relays;
import dev.colony.api.briefing.Briefing;
import dev.colony.api.chat.ChatWindows;
import dev.colony.api.claim.Claims;
import dev.colony.api.collection.Collections;
import dev.colony.api.example.Examples;
import dev.colony.api.lane.Lanes;
import dev.colony.api.memory.MemoryStore;
import dev.colony.api.message.Messages;
import dev.colony.api.plan.PlanRegistry;
import dev.colony.api.profile.AgentProfiles;
import dev.colony.api.proposal.Proposals;
import dev.colony.api.rescue.Rescues;
import dev.colony.api.resume.Autopilot;
import dev.colony.api.resume.ResumeViews;
import dev.colony.api.run.Runs;
import dev.colony.api.segment.Segments;
import dev.colony.api.session.Sessions;
import dev.colony.api.signal.SignalBus;
import dev.colony.api.spec.SpecChanges;
import dev.colony.api.task.TaskFeed;
import dev.colony.api.task.TaskThreads;

/**
 * Everything one caller may do, as that caller: obtained from {@code colony.as(actor)}.
 *
 * <p>Every service of a scope asks the same access gate which namespaces the caller may read and
 * write; nothing else decides visibility. Writes are attributed to the actor's session. A scope is
 * cheap to create and holds no state of its own beyond the actor, so create one per caller (or per
 * call) as convenient. Coordination services (tasks, claims, messages, plans, signals, runs) join
 * this interface as they are built.
 */
public interface CallerScope {

    /** The caller this scope acts as. */
    Actor actor();

    /** Memories the caller may read, and writes into the caller's namespace. */
    MemoryStore memories();

    /** Sessions the caller may see; heartbeat and end only for the caller's own sessions. */
    Sessions sessions();

    /** Task threads the caller may read; opening, joining and posting as the caller's session. */
    TaskThreads tasks();

    /** The caller's tasks, newest change first, across its personal namespace and collections. */
    TaskFeed taskFeed();

    /** Directed messages: sent from the caller's session, listed when addressed to it. */
    Messages messages();

    /** File claims on the task threads the caller may read, made as the caller's session. */
    Claims claims();

    /** Handoffs sent, accepted and declined as the caller's session. */
    Handoffs handoffs();

    /** Relays sent, accepted and declined as the caller's session. */
    Relays relays();

    /** Claims waiting for a baton: adopt, decline, release the expired ones. */
    QuotaBatons quotaBatons();

    /** Recorded file edits, as the caller's session, and file heat over the threads the caller may read. */
    FileActivity activity();

    /** The lanes of the sessions the caller may see: who works on what, and how lively. */
    Lanes lanes();

    /** What needs the caller's attention before it chooses work. */
    AttentionInbox attention();

    /** The collections the caller belongs to: create them, manage members, publish into them. */
    Collections collections();

    /** What a new session of the caller should know first, in one read. */
    Briefing briefing();

    /** Signals through the caller's collections: send, check, acknowledge, and have them pushed. */
    SignalBus signals();

    /** Plans the caller may read: published into its namespace, claimed and completed as its session. */
    PlanRegistry plans();

    /** The capability profiles of the caller's user's agent types. */
    AgentProfiles profiles();

    /** Proposals of future work the caller may read, and the caller's backing of them. */
    Proposals proposals();

    /** Sessions that went silent holding claims the caller may see, and their rescue. */
    Rescues rescues();

    /** The run registry: delegated work the caller may see. */
    Runs runs();

    /** The chat windows of the caller's user, as agent frameworks' conversation memories keep them. */
    ChatWindows chatWindows();

    /** The embedded segments of the caller's user, as agent frameworks' embedding stores keep them. */
    Segments segments();

    /** The caller's next step, decided from what needs it and its ready queue. */
    Autopilot autopilot();

    /** Where the caller stands, for resuming a session and for a status bar. */
    ResumeViews resume();

    /** Example projects of a repository, foraged into the caller's personal namespace. */
    Examples examples();

    /** Changes to repositories' {@code SPEC.md}: opened on task threads and proposals as the caller's session. */
    SpecChanges specChanges();
}
