package dev.colony.core.internal.proposal;

import dev.colony.api.Actor;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.NamespaceId;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.proposal.ForagingReport;
import dev.colony.api.proposal.Proposal;
import dev.colony.api.proposal.ProposalDraft;
import dev.colony.api.proposal.ProposalStatus;
import dev.colony.api.proposal.Proposals;
import dev.colony.api.proposal.Reinforcement;
import dev.colony.api.proposal.ReinforcementKind;
import dev.colony.api.session.Session;
import dev.colony.api.task.TaskLimits;
import dev.colony.core.internal.access.CallerStore;
import dev.colony.core.internal.access.CallerTransaction;
import dev.colony.core.internal.claim.ClaimLedger;
import dev.colony.core.internal.claim.ClaimPaths;
import dev.colony.core.internal.kernel.Check;
import dev.colony.core.internal.kernel.Kernel;
import dev.colony.core.internal.task.AuditTrail;
import dev.colony.core.internal.task.RepoRoots;
import dev.colony.core.internal.task.ThreadCaller;
import dev.colony.spi.storage.ProposalRecords.NewProposal;
import dev.colony.spi.storage.ProposalRecords.StoredProposal;
import dev.colony.spi.storage.ProposalRecords.StoredReinforcement;
import dev.colony.spi.storage.TaskRecords.StoredTask;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * {@link Proposals} for one caller. Every change is one write transaction that first moves the proposal's
 * version (so that reinforcements of one proposal are ordered by the store), then records the backing, then
 * reads every backing to compute the strength; a pending proposal at or above the threshold is promoted in the
 * same transaction by compare-and-set, opening its task thread on {@code <branch>/proposal-<id>}.
 */
public final class ProposalService implements Proposals {

    /** The record, on a promoted proposal's thread, of what was proposed and how strongly it was backed. */
    public static final MemoryKind PROPOSAL_RECORD = MemoryKind.of("proposal");

    /** Proposals of one branch a report reads. */
    private static final int REPORT_SCAN = 500;
    /** Room left in a branch name for the {@code /proposal-<id>} of its promoted thread. */
    private static final int BRANCH_SUFFIX_ROOM = 32;

    private final Actor actor;
    private final Kernel kernel;
    private final CallerStore store;
    private final ThreadCaller thread;
    private final AuditTrail audit;
    private final ClaimLedger ledger;

    /** The proposals as {@code actor} sees them. */
    public ProposalService(Actor actor, Kernel kernel) {
        this.actor = Objects.requireNonNull(actor, "actor");
        this.kernel = Objects.requireNonNull(kernel, "kernel");
        this.store = kernel.store(actor.user());
        this.thread = new ThreadCaller(actor);
        this.audit = new AuditTrail(thread);
        this.ledger = new ClaimLedger(thread, audit, kernel);
    }

    @Override
    public Reinforcement propose(ProposalDraft draft) {
        Check.required("proposal", draft);
        String repoRoot = RepoRoots.normalise("repo_root", draft.repoRoot());
        String branch = Check.text("branch", draft.branch(), TaskLimits.MAX_BRANCH_CHARS - BRANCH_SUFFIX_ROOM);
        String summary = Check.text("summary", draft.summary(), MAX_SUMMARY_CHARS);
        String rationale = Check.optionalText("rationale", draft.rationale(), MAX_RATIONALE_CHARS);
        if (draft.touchesFiles().size() > MAX_FILES) {
            throw ColonyException.invalid("touches_files", "at most " + MAX_FILES + " files, was "
                    + draft.touchesFiles().size());
        }
        Set<String> files = new LinkedHashSet<>();
        for (int i = 0; i < draft.touchesFiles().size(); i++) {
            files.add(ClaimPaths.normalise("touches_files[" + i + "]", repoRoot, draft.touchesFiles().get(i)));
        }
        Instant now = kernel.time().now();
        return store.write(tx -> {
            thread.enter(tx, now);
            NamespaceId namespace = tx.writable();
            StoredProposal proposal = tx.proposals().insert(new NewProposal(namespace, repoRoot, branch, summary,
                    rationale, List.copyOf(files), actor.session(), now));
            back(tx, proposal, ReinforcementKind.EXPLICIT, now);
            return settle(tx, proposal, now);
        });
    }

    @Override
    public Reinforcement reinforce(long id, ReinforcementKind kind) {
        Check.required("kind", kind);
        Instant now = kernel.time().now();
        return store.write(tx -> {
            thread.enter(tx, now);
            StoredProposal proposal = readable(tx, id);
            tx.requireWritable("proposal_id", proposal.namespace());
            if (proposal.status() == ProposalStatus.PROMOTED) {
                return result(proposal, strength(tx, proposal, now), false);
            }
            StoredProposal touched = tx.proposals().update(proposal.touched(now)).orElseThrow(() -> changed(id));
            back(tx, touched, kind, now);
            return settle(tx, touched, now);
        });
    }

    @Override
    public Proposal get(long id) {
        Instant now = kernel.time().now();
        return store.read(tx -> {
            StoredProposal proposal = readable(tx, id);
            return view(proposal, tx.proposals().reinforcements(List.of(id)).get(id), now);
        });
    }

    @Override
    public ForagingReport report(String repoRoot, String branch, int limit) {
        String root = RepoRoots.normalise("repo_root", repoRoot);
        String name = Check.text("branch", branch, TaskLimits.MAX_BRANCH_CHARS);
        Check.range("limit", limit, 1, MAX_REPORT_LIMIT);
        Instant now = kernel.time().now();
        return store.read(tx -> {
            List<StoredProposal> stored = tx.proposals().list(tx.readable(), root, name,
                    REPORT_SCAN);
            Map<Long, List<StoredReinforcement>> backing = tx.proposals().reinforcements(stored.stream()
                    .map(StoredProposal::id).toList());
            List<Proposal> pending = new ArrayList<>();
            List<Proposal> promoted = new ArrayList<>();
            int faded = 0;
            for (StoredProposal proposal : stored) {
                Proposal view = view(proposal, backing.get(proposal.id()), now);
                if (view.status() == ProposalStatus.PROMOTED) {
                    promoted.add(view);
                } else if (view.strength() >= NOISE_FLOOR) {
                    pending.add(view);
                } else {
                    faded++;
                }
            }
            pending.sort(Comparator.comparingDouble(Proposal::strength).reversed().thenComparingLong(Proposal::id));
            promoted.sort(Comparator.comparing(Proposal::promotedAt).reversed().thenComparingLong(Proposal::id));
            return new ForagingReport(pending.subList(0, Math.min(limit, pending.size())),
                    promoted.subList(0, Math.min(limit, promoted.size())), faded);
        });
    }

    /** Records the caller's session's backing, with the agent type the store knows for it. */
    private void back(CallerTransaction tx, StoredProposal proposal, ReinforcementKind kind, Instant now) {
        String agent = tx.sessions().find(actor.session()).map(Session::agent).filter(name -> !Check.blank(name))
                .orElse(actor.agent());
        tx.proposals().reinforce(proposal.id(), actor.session(), agent, kind, kind.weight(), now);
    }

    /** The outcome of a backing: the strength now, and the promotion when it crossed the threshold. */
    private Reinforcement settle(CallerTransaction tx, StoredProposal proposal, Instant now) {
        double strength = strength(tx, proposal, now);
        if (strength < PROMOTION_THRESHOLD) {
            return result(proposal, strength, false);
        }
        String branch = branchOf(proposal);
        StoredTask thread = tx.tasks().findByRepoBranch(proposal.namespace(), proposal.repoRoot(), branch)
                .orElseGet(() -> tx.tasks().insert(proposal.namespace(), proposal.summary(), proposal.repoRoot(),
                        branch, actor.session(), now));
        StoredProposal promoted = tx.proposals().update(proposal.promoted(thread.id(), now))
                .orElseThrow(() -> changed(proposal.id()));
        Map<String, Object> metadata = new LinkedHashMap<>();
        metadata.put("proposal_id", proposal.id());
        metadata.put("strength", ProposalStrength.rounded(strength));
        metadata.put("touches_files", proposal.touchesFiles());
        audit.record(tx, thread, PROPOSAL_RECORD, "promoted proposal " + proposal.id() + ": " + proposal.summary()
                + (proposal.rationale() == null ? "" : " -- " + proposal.rationale()), null, metadata, now);
        return result(promoted, strength, true);
    }

    private static double strength(CallerTransaction tx, StoredProposal proposal, Instant now) {
        return ProposalStrength.at(tx.proposals().reinforcements(List.of(proposal.id())).get(proposal.id()), now);
    }

    private static Reinforcement result(StoredProposal proposal, double strength, boolean promotedNow) {
        boolean promoted = proposal.status() == ProposalStatus.PROMOTED;
        return new Reinforcement(proposal.id(), ProposalStrength.rounded(strength), PROMOTION_THRESHOLD, promoted,
                promotedNow, proposal.task(), promoted ? branchOf(proposal) : null);
    }

    /** The branch of a proposal's task thread. */
    public static String branchOf(StoredProposal proposal) {
        return proposal.branch() + "/proposal-" + proposal.id();
    }

    private static Proposal view(StoredProposal proposal, List<StoredReinforcement> backing, Instant now) {
        return new Proposal(proposal.id(), proposal.repoRoot(), proposal.branch(), proposal.summary(),
                proposal.rationale(), proposal.touchesFiles(), proposal.proposedBy(), proposal.createdAt(),
                proposal.status(), ProposalStrength.rounded(ProposalStrength.at(backing, now)),
                ProposalStrength.sessions(backing), proposal.task(), proposal.promotedAt());
    }

    private StoredProposal readable(CallerTransaction tx, long id) {
        return tx.proposals().find(id).filter(found -> tx.canRead(found.namespace()))
                .orElseThrow(() -> ColonyException.about(ErrorCode.PROPOSAL_NOT_FOUND, "proposal_id",
                        "no proposal with id " + id));
    }

    private static ColonyException changed(long id) {
        return new ColonyException(ErrorCode.CONFLICT, "proposal " + id + " changed concurrently; try again");
    }
}
