package dev.colony.core.internal.message;

import dev.colony.api.Actor;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.MemoryId;
import dev.colony.api.NamespaceId;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.MemoryLimits;
import dev.colony.api.message.BroadcastClaim;
import dev.colony.api.message.Message;
import dev.colony.api.message.MessageDraft;
import dev.colony.api.message.MessageQuery;
import dev.colony.api.message.MessageStatus;
import dev.colony.api.message.MessageUrgency;
import dev.colony.api.message.Messages;
import dev.colony.api.message.ReadReceipt;
import dev.colony.api.session.AgentTypes;
import dev.colony.core.internal.access.CallerStore;
import dev.colony.core.internal.access.CallerTransaction;
import dev.colony.core.internal.kernel.Check;
import dev.colony.core.internal.kernel.Kernel;
import dev.colony.core.internal.kernel.MemoryEmbedding;
import dev.colony.core.internal.memory.AuditLog;
import dev.colony.spi.storage.MessageRecords.NewMessage;
import dev.colony.spi.storage.MessageRecords.Recipient;
import dev.colony.spi.storage.MessageRecords.StoredMessage;
import dev.colony.spi.storage.MessageRecords.Transition;
import dev.colony.spi.storage.NewMemory;
import dev.colony.spi.storage.TaskRecords.StoredTask;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * {@link Messages} for one caller: the caller plus the Colony's kernel.
 *
 * <p>The body of a message is a memory of kind {@value #MESSAGE_KIND} on the task thread, written in
 * the same transaction as its delivery record, so it is searchable like every memory. Visibility is
 * the access gate's: a message of a namespace the caller may not read is reported exactly as a
 * missing one. Every transition reads the delivery record and writes it back with its version in one
 * write transaction; write transactions are serialised by every store, and the version check turns
 * any breach of that into a {@code CONFLICT} instead of a lost update.
 *
 * <p>When a call finds an unread message past its expiry, it writes the expiry back and then reports
 * {@code MESSAGE_EXPIRED}: the unit of work returns the failure instead of throwing it, so that the
 * write-back commits, and the failure is thrown after the commit.
 */
public final class MessageService implements Messages {

    /** The memory kind of a message body. */
    public static final String MESSAGE_KIND = "message";
    /** The memory kind of a read receipt on the thread. */
    public static final String RECEIPT_KIND = "message_read";

    private static final MemoryKind MESSAGE = MemoryKind.of(MESSAGE_KIND);
    private static final MemoryKind RECEIPT = MemoryKind.of(RECEIPT_KIND);
    private static final int MAX_AGENT_CHARS = 64;
    private static final int MAX_REASON_CHARS = 500;
    private static final String ID_FIELD = "message_observation_id";

    private final Actor actor;
    private final Kernel kernel;
    private final CallerStore store;

    /** The message service acting as {@code actor}. */
    public MessageService(Actor actor, Kernel kernel) {
        this.actor = Objects.requireNonNull(actor, "actor");
        this.kernel = Objects.requireNonNull(kernel, "kernel");
        this.store = kernel.store(actor.user());
    }

    // ---------------------------------------------------------------- send

    @Override
    public Message send(MessageDraft draft) {
        Check.required("draft", draft);
        TaskId task = Check.required("task_id", draft.task());
        String content = content(draft.content());
        String toAgent = draft.toAgent() == null ? ANY_AGENT
                : Check.text("to_agent", draft.toAgent(), MAX_AGENT_CHARS).toLowerCase(Locale.ROOT);
        MessageUrgency urgency = draft.urgency() == null ? MessageUrgency.FYI : draft.urgency();
        Duration ttl = draft.timeToLive();
        if (ttl != null && (ttl.isNegative() || ttl.isZero() || ttl.compareTo(MAX_TIME_TO_LIVE) > 0)) {
            throw ColonyException.invalid("expires_in_minutes", "must be more than 0 and at most "
                    + MAX_TIME_TO_LIVE.toMinutes() + " minutes (7 days), was " + ttl.toMinutes());
        }
        Instant now = kernel.time().now();
        Instant expiresAt = ttl == null ? null : now.plus(ttl);
        MemoryEmbedding embedding = kernel.embedMemory(content);
        return store.write(tx -> sendIn(tx, task, content, toAgent, draft.toSession(), urgency,
                draft.replyTo(), expiresAt, embedding, now)).get();
    }

    private Outcome<Message> sendIn(CallerTransaction tx, TaskId taskId, String content, String toAgent,
            SessionId toSession, MessageUrgency urgency, MemoryId replyTo, Instant expiresAt,
            MemoryEmbedding embedding, Instant now) {
        tx.requireOwnSession("session_id", actor.session());
        StoredTask task = visibleTask(tx, taskId);
        NamespaceId namespace = task.namespace();
        tx.requireWritable("task_id", namespace);
        if (toSession != null) {
            tx.requireVisibleSession("to_session_id", toSession);
        }
        if (replyTo != null) {
            Outcome<Message> refused = answer(tx, task, replyTo, now);
            if (refused != null) {
                return refused;
            }
        }
        Map<String, Object> metadata = new LinkedHashMap<>();
        metadata.put("to_agent", toAgent);
        if (toSession != null) {
            metadata.put("to_session_id", toSession.value());
        }
        metadata.put("urgency", urgency.wireName());
        if (expiresAt != null) {
            metadata.put("expires_at", expiresAt.toEpochMilli());
        }
        if (tx.tasks().join(task.id(), actor.session(), actor.agent(), now)) {
            task = tx.tasks().find(task.id()).orElseThrow();
        }
        // A message is activity on its thread: the thread moves up in feeds, with its version.
        tx.tasks().touch(task.id(), task.version(), now).orElseThrow(() -> new ColonyException(ErrorCode.CONFLICT,
                "task " + taskId + " changed concurrently; try again"));
        Memory body = tx.memories().insert(new NewMemory(namespace, actor.session(), MESSAGE, content, List.of(),
                List.of(), null, null, task.id(), replyTo, now, null, metadata, embedding.vector(),
                embedding.passages()));
        String toAgentType = AgentTypes.isAny(toAgent) ? ANY_AGENT : AgentTypes.of(toAgent);
        StoredMessage stored = tx.messages().insert(new NewMessage(body.id(), namespace, task.id(), actor.session(),
                actor.agent(), toAgent, toAgentType, toSession, urgency, replyTo, preview(content), now, expiresAt));
        tx.sessions().touch(actor.session(), now);
        return Outcome.of(view(stored, now));
    }

    /**
     * Applies a reply to its parent: the parent moves to replied (and an unclaimed broadcast is claimed)
     * when the caller is one of its recipients; the parent's own sender may follow up without changing
     * it. Returns a failure to report after commit, or {@code null} to go on.
     */
    private Outcome<Message> answer(CallerTransaction tx, StoredTask task, MemoryId replyTo, Instant now) {
        Memory parentBody = tx.memory(replyTo)
                .orElseThrow(() -> ColonyException.about(ErrorCode.NOT_FOUND, "reply_to", "no memory with id " + replyTo));
        if (!task.id().equals(parentBody.task())) {
            throw ColonyException.about(ErrorCode.OBSERVATION_NOT_ON_TASK, "reply_to", "memory " + replyTo
                    + " is not posted on task " + task.id());
        }
        StoredMessage parent = tx.messages().find(replyTo).orElseThrow(() -> ColonyException.about(
                ErrorCode.NOT_MESSAGE, "reply_to", "memory " + replyTo + " is a " + parentBody.kind().name()
                        + ", not a message"));
        if (parent.fromSession().equals(actor.session())) {
            return null;
        }
        requireRecipient(parent, "reply_to");
        Outcome<Message> unusable = requireLive(tx, parent, "reply_to", now);
        if (unusable != null) {
            return unusable;
        }
        requireNotClaimedByOther(parent, "reply_to");
        if (parent.status() == MessageStatus.REPLIED) {
            return null;
        }
        boolean claim = AgentTypes.isAny(parent.toAgent()) && parent.claimedBySession() == null;
        Transition replied = claim
                ? new Transition(MessageStatus.REPLIED, actor.session(), actor.agent(), now, null, now)
                : Transition.status(parent, MessageStatus.REPLIED, now);
        cas(tx, parent, replied);
        return null;
    }

    // ---------------------------------------------------------------- lists

    @Override
    public List<Message> inbox(MessageQuery query) {
        Check.required("query", query);
        Check.range("limit", query.limit(), 1, MAX_LIST_LIMIT);
        Set<TaskId> tasks = new LinkedHashSet<>();
        for (int i = 0; i < query.tasks().size(); i++) {
            tasks.add(Check.required("task_ids[" + i + "]", query.tasks().get(i)));
        }
        return list(tasks, query.since(), query.unreadOnly(), false, query.limit());
    }

    @Override
    public List<Message> unreadByUrgency(int limit) {
        Check.range("limit", limit, 1, MAX_LIST_LIMIT);
        return list(Set.of(), null, true, true, limit);
    }

    private List<Message> list(Set<TaskId> tasks, Instant since, boolean unreadOnly, boolean urgentFirst, int limit) {
        Instant now = kernel.time().now();
        return store.read(tx -> {
            tx.requireOwnSession("session_id", actor.session());
            Set<NamespaceId> readable = tx.readable();
            List<StoredMessage> rows = tx.messages().addressedTo(new Recipient(readable, tasks, actor.session(),
                    actor.agent(), AgentTypes.of(actor.agent()), since, unreadOnly, now, urgentFirst, limit));
            return rows.stream().map(row -> view(row, now)).toList();
        });
    }

    @Override
    public List<Message> addressedToAgent(String agent, MessageQuery query) {
        String name = Check.text("agent", agent, MAX_AGENT_CHARS).toLowerCase(Locale.ROOT);
        Check.required("query", query);
        Check.range("limit", query.limit(), 1, MAX_LIST_LIMIT);
        Set<TaskId> tasks = new LinkedHashSet<>();
        for (int i = 0; i < query.tasks().size(); i++) {
            tasks.add(Check.required("task_ids[" + i + "]", query.tasks().get(i)));
        }
        Instant now = kernel.time().now();
        return store.read(tx -> {
            Set<NamespaceId> readable = tx.readable();
            List<StoredMessage> rows = tx.messages().addressedTo(new Recipient(readable, tasks, null, name,
                    AgentTypes.of(name), query.since(), query.unreadOnly(), now, false, query.limit()));
            return rows.stream().map(row -> view(row, now)).toList();
        });
    }

    @Override
    public List<ReadReceipt> receipts(MemoryId message) {
        Check.required(ID_FIELD, message);
        return store.read(tx -> {
            StoredMessage stored = load(tx, message, null);
            return tx.messages().receipts(stored.id());
        });
    }

    // ---------------------------------------------------------------- transitions

    @Override
    public MessageStatus markRead(MemoryId message, TaskId task) {
        Check.required(ID_FIELD, message);
        Instant now = kernel.time().now();
        return store.write(tx -> {
            tx.requireOwnSession("session_id", actor.session());
            StoredMessage stored = load(tx, message, task);
            requireRecipient(stored, ID_FIELD);
            requireParticipant(tx, stored);
            Outcome<Message> unusable = requireLive(tx, stored, ID_FIELD, now);
            if (unusable != null) {
                return Outcome.<MessageStatus>failed(unusable.failure());
            }
            requireNotClaimedByOther(stored, ID_FIELD);
            StoredMessage after = stored.status() == MessageStatus.UNREAD
                    ? cas(tx, stored, Transition.status(stored, MessageStatus.READ, now))
                    : stored;
            boolean firstRead = tx.messages().receipts(stored.id()).stream()
                    .noneMatch(receipt -> receipt.session().equals(actor.session()));
            if (firstRead) {
                Map<String, Object> metadata = new LinkedHashMap<>();
                metadata.put("message_id", stored.id().value());
                metadata.put("from_session_id", stored.fromSession().value());
                Memory receipt = AuditLog.write(tx, stored.namespace(), actor.session(), RECEIPT,
                        "Read message " + stored.id() + " from " + stored.fromAgent(), stored.task(), null, metadata,
                        now);
                tx.messages().addReceipt(new ReadReceipt(stored.id(), actor.session(), actor.agent(), now,
                        receipt.id()));
            }
            tx.sessions().touch(actor.session(), now);
            return Outcome.of(after.status());
        }).get();
    }

    @Override
    public Message retract(MemoryId message, TaskId task, String reason) {
        Check.required(ID_FIELD, message);
        String why = Check.optionalText("reason", reason, MAX_REASON_CHARS);
        Instant now = kernel.time().now();
        return store.write(tx -> {
            tx.requireOwnSession("session_id", actor.session());
            StoredMessage stored = load(tx, message, task);
            if (!stored.fromSession().equals(actor.session())) {
                throw ColonyException.about(ErrorCode.NOT_SENDER, ID_FIELD, "message " + message
                        + " was sent by another session; only its sender may retract it");
            }
            if (stored.status() == MessageStatus.RETRACTED) {
                throw ColonyException.about(ErrorCode.ALREADY_RETRACTED, ID_FIELD, "message " + message
                        + " is already retracted");
            }
            if (stored.status() == MessageStatus.REPLIED) {
                throw ColonyException.about(ErrorCode.ALREADY_REPLIED, ID_FIELD, "message " + message
                        + " has been answered and can no longer be retracted");
            }
            StoredMessage after = cas(tx, stored, new Transition(MessageStatus.RETRACTED, stored.claimedBySession(),
                    stored.claimedByAgent(), stored.claimedAt(), why, now));
            tx.sessions().touch(actor.session(), now);
            return view(after, now);
        });
    }

    @Override
    public BroadcastClaim claim(MemoryId message, TaskId task) {
        Check.required(ID_FIELD, message);
        Instant now = kernel.time().now();
        return store.write(tx -> {
            tx.requireOwnSession("session_id", actor.session());
            StoredMessage stored = load(tx, message, task);
            if (!AgentTypes.isAny(stored.toAgent())) {
                throw ColonyException.about(ErrorCode.NOT_BROADCAST, ID_FIELD, "message " + message
                        + " is addressed to " + stored.toAgent() + "; only broadcasts to any agent can be claimed");
            }
            requireRecipient(stored, ID_FIELD);
            requireParticipant(tx, stored);
            if (stored.status() == MessageStatus.RETRACTED) {
                throw retracted(stored, ID_FIELD);
            }
            if (actor.session().equals(stored.claimedBySession())) {
                return Outcome.of(claimOf(stored));
            }
            requireNotClaimedByOther(stored, ID_FIELD);
            Outcome<Message> unusable = requireLive(tx, stored, ID_FIELD, now);
            if (unusable != null) {
                return Outcome.<BroadcastClaim>failed(unusable.failure());
            }
            StoredMessage after = cas(tx, stored, new Transition(stored.status(), actor.session(), actor.agent(), now,
                    null, now));
            tx.sessions().touch(actor.session(), now);
            return Outcome.of(claimOf(after));
        }).get();
    }

    // ---------------------------------------------------------------- rules

    /**
     * The message with this id, when the caller may read it: {@code NOT_FOUND} for a missing or
     * invisible memory, {@code NOT_MESSAGE} for a memory that is not a message, {@code TASK_MISMATCH}
     * when {@code task} is given and differs.
     */
    private StoredMessage load(CallerTransaction tx, MemoryId id, TaskId task) {
        StoredMessage stored = tx.messages().find(id)
                .filter(message -> tx.canRead(message.namespace()))
                .orElse(null);
        if (stored == null) {
            Memory memory = tx.memory(id)
                    .orElseThrow(() -> ColonyException.about(ErrorCode.NOT_FOUND, ID_FIELD, "no message with id " + id));
            throw ColonyException.about(ErrorCode.NOT_MESSAGE, ID_FIELD, "memory " + id + " is a "
                    + memory.kind().name() + ", not a message");
        }
        if (task != null && !task.equals(stored.task())) {
            throw ColonyException.about(ErrorCode.TASK_MISMATCH, "task_id", "message " + id + " is on task "
                    + stored.task() + ", not on task " + task);
        }
        return stored;
    }

    private StoredTask visibleTask(CallerTransaction tx, TaskId id) {
        return tx.task(id)
                .orElseThrow(() -> ColonyException.about(ErrorCode.NOT_FOUND, "task_id", "no task with id " + id));
    }

    /** Fails unless the message is for the caller (see {@link Messages}); the sender is never a recipient. */
    private void requireRecipient(StoredMessage message, String field) {
        if (message.fromSession().equals(actor.session())) {
            throw ColonyException.about(ErrorCode.NOT_TARGET_SESSION, field, "message " + message.id()
                    + " was sent by this session, which is not one of its recipients");
        }
        if (message.toSession() != null) {
            if (!message.toSession().equals(actor.session())) {
                throw ColonyException.about(ErrorCode.NOT_TARGET_SESSION, field, "message " + message.id()
                        + " is addressed to session " + message.toSession());
            }
            return;
        }
        if (!isForCallerAgent(message)) {
            throw ColonyException.about(ErrorCode.NOT_TARGET_AGENT, field, "message " + message.id()
                    + " is addressed to agent " + message.toAgent() + ", not to " + actor.agent());
        }
    }

    /**
     * Fails with {@code NOT_PARTICIPANT} unless the caller's session joined the message's thread or the
     * message names that session: the same rule that decides what the caller's lists show.
     */
    private void requireParticipant(CallerTransaction tx, StoredMessage message) {
        if (actor.session().equals(message.toSession()) || tx.tasks().isParticipant(message.task(), actor.session())) {
            return;
        }
        throw ColonyException.about(ErrorCode.NOT_PARTICIPANT, "session_id", "session " + actor.session()
                + " has not joined task " + message.task() + "; join the thread first");
    }

    private boolean isForCallerAgent(StoredMessage message) {
        return AgentTypes.isAny(message.toAgentType()) || message.toAgent().equals(actor.agent())
                || message.toAgentType().equals(AgentTypes.of(actor.agent()));
    }

    /**
     * Fails for a retracted message and reports an expired one: an unread message past its expiry is
     * written back as expired first. Returns the failure to report after commit, or {@code null} when
     * the message is live.
     */
    private <T> Outcome<T> requireLive(CallerTransaction tx, StoredMessage message, String field, Instant now) {
        if (message.status() == MessageStatus.RETRACTED) {
            throw retracted(message, field);
        }
        if (message.status() == MessageStatus.EXPIRED) {
            throw expired(message, field);
        }
        if (isPastExpiry(message, now)) {
            cas(tx, message, Transition.status(message, MessageStatus.EXPIRED, now));
            return Outcome.failed(expired(message, field));
        }
        return null;
    }

    private void requireNotClaimedByOther(StoredMessage message, String field) {
        if (message.claimedBySession() != null && !message.claimedBySession().equals(actor.session())) {
            throw ColonyException.about(ErrorCode.ALREADY_CLAIMED, field, "broadcast " + message.id()
                    + " is claimed by session " + message.claimedBySession() + " (" + message.claimedByAgent() + ")");
        }
    }

    private static boolean isPastExpiry(StoredMessage message, Instant now) {
        return message.status() == MessageStatus.UNREAD && message.expiresAt() != null
                && !now.isBefore(message.expiresAt());
    }

    private static ColonyException retracted(StoredMessage message, String field) {
        return ColonyException.about(ErrorCode.ALREADY_RETRACTED, field, "message " + message.id()
                + " was retracted by its sender");
    }

    private static ColonyException expired(StoredMessage message, String field) {
        return ColonyException.about(ErrorCode.MESSAGE_EXPIRED, field, "message " + message.id() + " expired at "
                + message.expiresAt() + " before it was read");
    }

    private StoredMessage cas(CallerTransaction tx, StoredMessage current, Transition change) {
        return tx.messages().transition(current.id(), current.version(), change).orElseThrow(() ->
                new ColonyException(ErrorCode.CONFLICT, "message " + current.id() + " changed concurrently; try again"));
    }

    // ---------------------------------------------------------------- views

    /** The caller's view of a stored message: an unread message past its expiry reads as expired. */
    public static Message view(StoredMessage stored, Instant now) {
        MessageStatus status = isPastExpiry(stored, now) ? MessageStatus.EXPIRED : stored.status();
        return new Message(stored.id(), stored.task(), stored.sentAt(), stored.fromSession(), stored.fromAgent(),
                stored.toAgent(), stored.toSession(), stored.urgency(), status, stored.replyTo(), stored.preview(),
                stored.expiresAt(), stored.claimedBySession(), stored.claimedByAgent(), stored.claimedAt(),
                stored.version());
    }

    private static BroadcastClaim claimOf(StoredMessage stored) {
        return new BroadcastClaim(stored.id(), stored.claimedBySession(), stored.claimedByAgent(), stored.claimedAt());
    }

    /** The body's first {@link Messages#PREVIEW_CHARS} characters with runs of whitespace as one space. */
    public static String preview(String content) {
        String line = content.strip().replaceAll("\\s+", " ");
        if (line.length() <= PREVIEW_CHARS) {
            return line;
        }
        int end = PREVIEW_CHARS - 1;
        if (Character.isHighSurrogate(line.charAt(end - 1))) {
            end--;
        }
        return line.substring(0, end) + "\u2026";
    }

    private static String content(String content) {
        Check.required("content", content);
        Check.wellFormed("content", content);
        if (Check.blank(content)) {
            throw ColonyException.invalid("content", "must not be blank");
        }
        if (content.length() > MemoryLimits.MAX_CONTENT_CHARS) {
            throw ColonyException.invalid("content", "must be at most " + MemoryLimits.MAX_CONTENT_CHARS
                    + " characters, was " + content.length());
        }
        return content;
    }

    /**
     * What a unit of work hands back: a value, or a failure to throw once the unit's write-backs have
     * committed.
     */
    private record Outcome<T>(T value, ColonyException failure) {

        static <T> Outcome<T> of(T value) {
            return new Outcome<>(value, null);
        }

        static <T> Outcome<T> failed(ColonyException failure) {
            return new Outcome<>(null, failure);
        }

        T get() {
            if (failure != null) {
                throw failure;
            }
            return value;
        }
    }
}
