package dev.colony.core;

import dev.colony.api.Actor;
import dev.colony.api.CallerScope;
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
import dev.colony.core.internal.activity.FileActivityService;
import dev.colony.core.internal.attention.AttentionService;
import dev.colony.core.internal.baton.HandoffService;
import dev.colony.core.internal.baton.QuotaBatonService;
import dev.colony.core.internal.baton.RelayService;
import dev.colony.core.internal.chat.ChatWindowService;
import dev.colony.core.internal.claim.ClaimService;
import dev.colony.core.internal.collection.CollectionService;
import dev.colony.core.internal.example.ExampleService;
import dev.colony.core.internal.kernel.Kernel;
import dev.colony.core.internal.lane.LaneService;
import dev.colony.core.internal.memory.MemoryService;
import dev.colony.core.internal.message.MessageService;
import dev.colony.core.internal.plan.PlanService;
import dev.colony.core.internal.profile.ProfileService;
import dev.colony.core.internal.proposal.ProposalService;
import dev.colony.core.internal.readmodel.AutopilotService;
import dev.colony.core.internal.readmodel.BriefingService;
import dev.colony.core.internal.readmodel.ResumeService;
import dev.colony.core.internal.rescue.RescueService;
import dev.colony.core.internal.run.RunHub;
import dev.colony.core.internal.run.RunService;
import dev.colony.core.internal.segment.SegmentService;
import dev.colony.core.internal.session.CallerSessions;
import dev.colony.core.internal.signal.SignalHub;
import dev.colony.core.internal.signal.SignalService;
import dev.colony.core.internal.spec.SpecChangeService;
import dev.colony.core.internal.task.TaskFeedService;
import dev.colony.core.internal.task.TaskThreadService;

/**
 * The {@link CallerScope} of one actor: each service is the actor plus the Colony's kernel (and its run or signal
 * hub).
 */
final class CallerScopes implements CallerScope {

    private final Actor actor;
    private final MemoryStore memories;
    private final Sessions sessions;
    private final TaskThreads tasks;
    private final Messages messages;
    private final Kernel kernel;
    private final SignalHub signalHub;
    private final RunHub runHub;

    CallerScopes(Actor actor, Kernel kernel, SignalHub signalHub, RunHub runHub) {
        this.actor = actor;
        this.memories = new MemoryService(actor, kernel);
        this.sessions = new CallerSessions(actor, kernel, runHub::sessionEnded);
        this.tasks = new TaskThreadService(actor, kernel);
        this.messages = new MessageService(actor, kernel);
        this.kernel = kernel;
        this.signalHub = signalHub;
        this.runHub = runHub;
    }

    @Override
    public Actor actor() {
        return actor;
    }

    @Override
    public MemoryStore memories() {
        return memories;
    }

    @Override
    public Sessions sessions() {
        return sessions;
    }

    @Override
    public TaskThreads tasks() {
        return tasks;
    }

    @Override
    public TaskFeed taskFeed() {
        return new TaskFeedService(actor, kernel);
    }

    @Override
    public Messages messages() {
        return messages;
    }

    @Override
    public Claims claims() {
        return new ClaimService(actor, kernel);
    }

    @Override
    public Handoffs handoffs() {
        return new HandoffService(actor, kernel);
    }

    @Override
    public Relays relays() {
        return new RelayService(actor, kernel);
    }

    @Override
    public QuotaBatons quotaBatons() {
        return new QuotaBatonService(actor, kernel);
    }

    @Override
    public FileActivity activity() {
        return new FileActivityService(actor, kernel);
    }

    @Override
    public Lanes lanes() {
        return new LaneService(actor, kernel);
    }

    @Override
    public Collections collections() {
        return new CollectionService(actor, kernel);
    }

    @Override
    public AttentionInbox attention() {
        return new AttentionService(actor, kernel);
    }

    @Override
    public Briefing briefing() {
        return new BriefingService(actor, kernel, signals());
    }

    @Override
    public SignalBus signals() {
        return new SignalService(actor, kernel, signalHub);
    }

    @Override
    public PlanRegistry plans() {
        return new PlanService(actor, kernel);
    }

    @Override
    public AgentProfiles profiles() {
        return new ProfileService(actor, kernel);
    }

    @Override
    public Proposals proposals() {
        return new ProposalService(actor, kernel);
    }

    @Override
    public Rescues rescues() {
        return new RescueService(actor, kernel);
    }

    @Override
    public Runs runs() {
        return new RunService(actor, kernel, runHub);
    }

    @Override
    public ChatWindows chatWindows() {
        return new ChatWindowService(actor, kernel);
    }

    @Override
    public Segments segments() {
        return new SegmentService(actor, kernel);
    }

    @Override
    public Autopilot autopilot() {
        return new AutopilotService(actor, kernel);
    }

    @Override
    public ResumeViews resume() {
        return new ResumeService(actor, kernel, new SignalService(actor, kernel, signalHub));
    }

    @Override
    public Examples examples() {
        return new ExampleService(actor, kernel);
    }

    @Override
    public SpecChanges specChanges() {
        return new SpecChangeService(this, kernel.time().clock());
    }

    @Override
    public String toString() {
        return "CallerScope[" + actor + "]";
    }
}
