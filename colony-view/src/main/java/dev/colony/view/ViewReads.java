package dev.colony.view;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.colony.api.Actor;
import dev.colony.api.CallerScope;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.MemoryId;
import dev.colony.api.SessionId;
import dev.colony.api.UserId;
import dev.colony.api.activity.FileHeat;
import dev.colony.api.activity.FileHeatQuery;
import dev.colony.api.attention.Attention;
import dev.colony.api.attention.AttentionQuery;
import dev.colony.api.attention.Blocker;
import dev.colony.api.baton.Baton;
import dev.colony.api.claim.Claims;
import dev.colony.api.claim.FileClaim;
import dev.colony.api.lane.Lane;
import dev.colony.api.lane.LaneQuery;
import dev.colony.api.lane.Lanes;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.MemoryLimits;
import dev.colony.api.memory.SearchHit;
import dev.colony.api.memory.SearchQuery;
import dev.colony.api.message.Message;
import dev.colony.api.plan.Plan;
import dev.colony.api.plan.PlanListQuery;
import dev.colony.api.plan.PlanRegistry;
import dev.colony.api.plan.Subtask;
import dev.colony.api.plan.SubtaskStatus;
import dev.colony.api.run.BlockedOn;
import dev.colony.api.run.Run;
import dev.colony.api.run.RunId;
import dev.colony.api.run.RunOutput;
import dev.colony.api.run.RunQuery;
import dev.colony.api.run.RunStatus;
import dev.colony.api.run.Runs;
import dev.colony.api.session.Session;
import dev.colony.api.session.Sessions;
import dev.colony.api.task.FeedTask;
import dev.colony.api.task.SavedWorkingNote;
import dev.colony.api.task.TaskFeedQuery;
import dev.colony.api.task.WorkingPointer;
import dev.colony.core.Colony;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The view's reads, each one compact JSON object a page shows, all through the scope of the one user the
 * view acts for (so the access gate decides what appears): lanes, claims, plans, one agent's inbox, runs and
 * a run's output, memory search, one memory, and the task feed. Times are epoch milliseconds; ages are
 * seconds before {@code now}, from the Colony's clock.
 */
final class ViewReads {

    /** The agent name the view reads as (no session is created for it). */
    static final String VIEW_AGENT = "colony-view";
    /** Ended sessions younger than this still show, greyed, among the lanes. */
    static final Duration ENDED_LANES = Duration.ofDays(1);
    /** The bytes of run output one page of the output shows. */
    static final int OUTPUT_PAGE = 16 * 1024;

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final Colony colony;
    private final UserId user;
    private final CallerScope reader;

    ViewReads(Colony colony, UserId user) {
        this.colony = colony;
        this.user = user;
        this.reader = colony.as(new Actor(user, VIEW_AGENT, SessionId.of(VIEW_AGENT)));
    }

    /** The user the view acts for. */
    UserId user() {
        return user;
    }

    /** The reader's scope, for the change markers. */
    CallerScope reader() {
        return reader;
    }

    private ObjectNode envelope() {
        ObjectNode node = MAPPER.createObjectNode();
        node.put("user", user.value());
        node.put("now", now().toEpochMilli());
        return node;
    }

    private Instant now() {
        return colony.clock().instant();
    }

    private long age(Instant at) {
        return at == null ? 0 : Math.max(0, Duration.between(at, now()).toSeconds());
    }

    /** Who works on what: every lane seen in the last day, live ones first, with the session's working note. */
    ObjectNode lanes() {
        Map<SessionId, Session> sessions = reader.sessions().list(Sessions.MAX_LIST_LIMIT).stream()
                .collect(Collectors.toMap(Session::id, Function.identity(), (a, b) -> a));
        Instant since = now().minus(ENDED_LANES);
        ObjectNode node = envelope();
        ArrayNode lanes = node.putArray("lanes");
        for (Lane lane : reader.lanes().list(new LaneQuery(Set.of(), true, Lanes.MAX_LIST_LIMIT))) {
            if (lane.lastSeen().isBefore(since) || lane.agent().equals(VIEW_AGENT)) {
                continue;
            }
            Session session = sessions.get(lane.session());
            ObjectNode row = lanes.addObject();
            row.put("session", lane.session().value());
            row.put("agent", lane.agent());
            row.put("repo", lane.repoRoot());
            row.put("branch", lane.branch());
            row.put("activity", lane.activity().wireName());
            row.put("ended", session != null && session.ended());
            row.put("last_seen", lane.lastSeen().toEpochMilli());
            row.put("age_s", age(lane.lastSeen()));
            if (lane.task() != null) {
                row.put("task", lane.task().value());
                row.put("task_title", lane.taskTitle());
                workingNote(lane).ifPresent(note -> {
                    WorkingPointer pointer = note.pointer();
                    ObjectNode working = row.putObject("working_note");
                    working.put("task", pointer.task());
                    working.put("next", pointer.next());
                    working.put("blocker", pointer.blocker());
                    working.put("age_s", age(note.savedAt()));
                });
            }
            ArrayNode files = row.putArray("files");
            lane.claimedFiles().forEach(files::add);
            row.put("file_count", lane.claimedFileCount());
        }
        return node;
    }

    /** The lane session's live working note on its task, read as that session (the note is its own). */
    private Optional<SavedWorkingNote> workingNote(Lane lane) {
        try {
            return colony.as(new Actor(user, lane.agent(), lane.session())).tasks().workingNote(lane.task());
        } catch (ColonyException e) {
            return Optional.empty();
        }
    }

    /** What is claimed: every claim, oldest first, with its age class and holder; and the hottest files. */
    ObjectNode claims() {
        ObjectNode node = envelope();
        ArrayNode claims = node.putArray("claims");
        List<FileClaim> all = reader.claims().list(null, Claims.MAX_LIST_LIMIT).stream()
                .sorted(Comparator.comparing(FileClaim::claimedAt)).toList();
        for (FileClaim claim : all) {
            ObjectNode row = claims.addObject();
            row.put("file", claim.filePath());
            row.put("task", claim.task().value());
            row.put("agent", claim.agent());
            row.put("session", claim.session().value());
            row.put("state", claim.state().wireName());
            row.put("age", claim.age().wireName());
            row.put("age_s", age(claim.claimedAt()));
        }
        ArrayNode hot = node.putArray("hot");
        for (FileHeat heat : reader.activity().heat(FileHeatQuery.hottest(10))) {
            ObjectNode row = hot.addObject();
            row.put("file", heat.filePath());
            row.put("task", heat.task().value());
            row.put("branch", heat.branch());
            row.put("heat", Math.round(heat.heat() * 100) / 100.0);
            row.put("events", heat.events());
        }
        return node;
    }

    /** The open plans, newest first, their sub-tasks by wave with status, claimer and what holds them back. */
    ObjectNode plans() {
        ObjectNode node = envelope();
        ArrayNode plans = node.putArray("plans");
        for (Plan plan : reader.plans().list(new PlanListQuery(null, false, null, false,
                PlanRegistry.MAX_LIST_LIMIT))) {
            ObjectNode row = plans.addObject();
            row.put("slug", plan.slug());
            row.put("title", plan.title());
            row.put("repo", plan.repoRoot());
            row.put("status", plan.status().wireName());
            Map<SubtaskStatus, Integer> counts = plan.counts();
            row.put("completed", counts.getOrDefault(SubtaskStatus.COMPLETED, 0));
            row.put("total", plan.subtasks().size());
            ArrayNode subtasks = row.putArray("subtasks");
            for (Subtask subtask : plan.subtasks()) {
                ObjectNode sub = subtasks.addObject();
                sub.put("index", subtask.index());
                sub.put("wave", subtask.wave());
                sub.put("title", subtask.title());
                sub.put("status", subtask.status().wireName());
                sub.put("claimed_by", subtask.claimedByAgent());
                sub.put("blocked_reason", subtask.blockedReason());
                ArrayNode waits = sub.putArray("waits_for");
                if (subtask.status() == SubtaskStatus.AVAILABLE) {
                    plan.unmetDependencies(subtask.index()).forEach(waits::add);
                }
            }
        }
        return node;
    }

    /**
     * What needs attention: the agents of the user, and for one of them ({@code agent}, else the most recently
     * seen) its unread messages, handoffs and relays and blockers, as its latest session sees them; and every
     * run blocked on a question to the user, with the command that answers it.
     */
    ObjectNode inbox(String agent) {
        ObjectNode node = envelope();
        List<Session> sessions = reader.sessions().list(Sessions.MAX_LIST_LIMIT).stream()
                .filter(s -> !s.agent().equals(VIEW_AGENT)).toList();
        ArrayNode agents = node.putArray("agents");
        sessions.stream().sorted(Comparator.comparing(Session::lastSeen).reversed()).map(Session::agent).distinct()
                .forEach(agents::add);
        Optional<Session> as = sessions.stream().filter(s -> agent == null || s.agent().equals(agent))
                .max(Comparator.comparing(Session::lastSeen));
        if (agent != null && as.isEmpty()) {
            throw ColonyException.about(ErrorCode.SESSION_NOT_FOUND, "agent", "no session of this agent");
        }
        as.ifPresent(session -> {
            node.put("agent", session.agent());
            Attention attention = colony.as(session.actor()).attention().read(AttentionQuery.defaults());
            ArrayNode messages = node.putArray("messages");
            for (Message message : attention.unreadMessages()) {
                ObjectNode row = messages.addObject();
                row.put("id", message.id().value());
                row.put("task", message.task().value());
                row.put("from", message.fromAgent());
                row.put("to", message.toAgent());
                row.put("urgency", message.urgency().wireName());
                row.put("text", message.preview());
                row.put("age_s", age(message.sentAt()));
            }
            node.put("message_count", attention.unreadCount());
            ArrayNode batons = node.putArray("batons");
            for (Baton baton : attention.batons()) {
                ObjectNode row = batons.addObject();
                row.put("id", baton.id().value());
                row.put("kind", baton.kind().wireName());
                row.put("task", baton.task().value());
                row.put("from", baton.fromAgent());
                row.put("to", baton.toAgent());
                row.put("summary", baton.summary());
                row.put("age_s", age(baton.createdAt()));
            }
            ArrayNode blockers = node.putArray("blockers");
            for (Blocker blocker : attention.blockers()) {
                ObjectNode row = blockers.addObject();
                row.put("id", blocker.id().value());
                row.put("task", blocker.task().value());
                row.put("text", blocker.preview());
                row.put("age_s", age(blocker.ts()));
            }
        });
        ArrayNode questions = node.putArray("questions");
        for (Run run : reader.runs().list(new RunQuery(null, RunStatus.BLOCKED, null, Runs.MAX_VIEWABLE_WINDOW))) {
            if (run.blockedOn() == BlockedOn.USER_INPUT && run.question() != null) {
                ObjectNode row = questions.addObject();
                row.put("run", run.id().value());
                row.put("agent", run.agent());
                row.put("question", run.question());
                row.put("command", "colony answer " + run.id().value() + " \"…\"");
            }
        }
        return node;
    }

    /** The user's runs, newest first: status, kind, agent, what it does, duration and tokens. */
    ObjectNode runs() {
        ObjectNode node = envelope();
        ArrayNode runs = node.putArray("runs");
        Instant now = now();
        for (Run run : reader.runs().list(new RunQuery(null, null, null, Runs.MAX_VIEWABLE_WINDOW))) {
            ObjectNode row = runs.addObject();
            row.put("id", run.id().value());
            row.put("kind", run.kind().wireName());
            row.put("status", run.status().wireName());
            row.put("agent", run.agent());
            row.put("what", run.message() != null ? run.message() : run.command());
            row.put("question", run.status() == RunStatus.BLOCKED ? run.question() : null);
            row.put("result", run.result());
            row.put("error", run.error());
            row.put("duration_s", run.activeAt(now).toSeconds());
            long tokens = (run.promptTokens() == null ? 0 : run.promptTokens())
                    + (run.completionTokens() == null ? 0 : run.completionTokens());
            row.put("tokens", tokens);
            row.put("age_s", age(run.createdAt()));
            row.put("shell", run.command() != null);
        }
        return node;
    }

    /** One page of a shell run's output: from {@code offset}, or its tail when {@code offset} is null. */
    ObjectNode output(String run, Long offset) {
        RunOutput output = reader.runs().output(RunId.parse("run", run), offset, OUTPUT_PAGE);
        ObjectNode node = envelope();
        node.put("run", run);
        node.put("text", output.text());
        node.put("offset", output.offset());
        node.put("next_offset", output.nextOffset());
        node.put("size", output.size());
        return node;
    }

    /**
     * Ranked hits for {@code text}, narrowed to {@code type} and to memories carrying {@code topic} (either may
     * be null), best first.
     */
    ObjectNode search(String text, String type, String topic) {
        if (text == null || text.isBlank()) {
            throw ColonyException.invalid("q", "is required");
        }
        SearchQuery query = SearchQuery.of(text).withLimit(topic == null ? 20 : MemoryLimits.MAX_SEARCH_LIMIT);
        if (type != null) {
            query = query.withKinds(Set.of(MemoryKind.of(type.strip().toLowerCase(Locale.ROOT))));
        }
        List<SearchHit> hits = reader.memories().search(query);
        if (topic != null) {
            String wanted = topic.strip().toLowerCase(Locale.ROOT);
            Set<MemoryId> tagged = reader.memories().get(hits.stream().map(SearchHit::id).toList()).stream()
                    .filter(m -> m.topics().stream().anyMatch(t -> t.equalsIgnoreCase(wanted)))
                    .map(Memory::id).collect(Collectors.toSet());
            hits = hits.stream().filter(hit -> tagged.contains(hit.id())).limit(20).toList();
        }
        ObjectNode node = envelope();
        node.put("query", text);
        ArrayNode rows = node.putArray("hits");
        for (SearchHit hit : hits) {
            ObjectNode row = rows.addObject();
            row.put("id", hit.id().value());
            row.put("type", hit.kind().name());
            row.put("snippet", hit.snippet());
            row.put("task", hit.task() == null ? null : hit.task().value());
            row.put("age_s", age(hit.ts()));
        }
        return node;
    }

    /** One memory whole, or {@code NOT_FOUND} when the user may not read it. */
    ObjectNode memory(long id) {
        List<Memory> found = reader.memories().get(List.of(MemoryId.of(id)));
        if (found.isEmpty()) {
            throw ColonyException.about(ErrorCode.NOT_FOUND, "id", "no memory " + id + " for this user");
        }
        Memory memory = found.get(0);
        ObjectNode node = envelope();
        node.put("id", memory.id().value());
        node.put("type", memory.kind().name());
        node.put("content", memory.content());
        ArrayNode topics = node.putArray("topics");
        memory.topics().forEach(topics::add);
        node.put("task", memory.task() == null ? null : memory.task().value());
        node.put("session", memory.session() == null ? null : memory.session().value());
        node.put("age_s", age(memory.createdAt()));
        return node;
    }

    /** The user's tasks, newest change first, with their progress; narrowed to {@code topic} when given. */
    ObjectNode feed(String topic) {
        TaskFeedQuery query = TaskFeedQuery.all();
        if (topic != null && !topic.isBlank()) {
            query = query.withTopic(topic.strip());
        }
        ObjectNode node = envelope();
        ArrayNode tasks = node.putArray("tasks");
        for (FeedTask task : reader.taskFeed().feed(query)) {
            ObjectNode row = tasks.addObject();
            row.put("task", task.task().value());
            row.put("memory", task.memory() == null ? null : task.memory().value());
            row.put("text", task.preview());
            row.put("status", task.status().wireName());
            row.put("done", task.progress() == null ? 0 : task.progress().done());
            row.put("total", task.progress() == null ? 0 : task.progress().total());
            ArrayNode topics = row.putArray("topics");
            task.topics().forEach(topics::add);
            row.put("age_s", age(task.updatedAt()));
        }
        return node;
    }
}
