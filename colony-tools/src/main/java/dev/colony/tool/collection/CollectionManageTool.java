package dev.colony.tool.collection;

import static dev.colony.tool.ActionParams.onlyFor;
import static dev.colony.tool.ActionParams.required;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.colony.api.CallerScope;
import dev.colony.api.ColonyException;
import dev.colony.api.Echo;
import dev.colony.api.MemoryId;
import dev.colony.api.Namespace;
import dev.colony.api.NamespaceKind;
import dev.colony.api.UserId;
import dev.colony.api.collection.CollectionSummary;
import dev.colony.api.collection.Collections;
import dev.colony.api.collection.MemberRole;
import dev.colony.api.memory.Memory;
import dev.colony.tool.ArgumentSchema;
import dev.colony.tool.Choices;
import dev.colony.tool.Param;
import dev.colony.tool.Range;
import dev.colony.tool.Size;
import dev.colony.tool.ToolSpec;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

/**
 * {@code collection_manage}: one tool for the life of a collection, the action naming what to do. Each
 * action takes only its own parameters; a parameter another action uses is refused by name, so that a
 * mistaken call does nothing rather than something unexpected.
 */
public final class CollectionManageTool {

    /** The actions, by wire name. */
    public static final class Actions implements Supplier<List<String>> {
        @Override
        public List<String> get() {
            return List.of("create", "add_member", "remove_member", "list", "publish");
        }
    }

    /** The kinds a collection may have, by wire name. */
    public static final class Kinds implements Supplier<List<String>> {
        @Override
        public List<String> get() {
            return List.of("collaborative", "knowledge_pack");
        }
    }

    /** The member roles, by wire name. */
    public static final class Roles implements Supplier<List<String>> {
        @Override
        public List<String> get() {
            return Arrays.stream(MemberRole.values()).map(MemberRole::wireName).toList();
        }
    }

    /** The arguments. */
    public record Args(
            @Param(value = "add_member also changes a role (admins); remove_member: admins, or yourself; "
                    + "publish copies a personal memory in.", required = true)
            @Choices(Actions.class) String action,
            @Param("Lowercase letters, digits, hyphens.")
            @Size(max = Collections.MAX_SLUG_LENGTH) String collection,
            @Param("create: collaborative (members write) or knowledge_pack (admins write).")
            @Choices(Kinds.class) String kind,
            @Param("add_member, remove_member: the user.")
            @Size(max = UserId.MAX_LENGTH) String user,
            @Param("add_member: admin, member or reader.")
            @Choices(Roles.class) String role,
            @Param("publish: the personal memory to copy.")
            @Range(min = 1, max = ArgumentSchema.MAX_SAFE_INTEGER) Long memoryId) {
    }

    /**
     * One collection of a listing.
     *
     * @param collection its name
     * @param kind collaborative or knowledge_pack
     * @param role your role
     * @param members its member count
     * @param memories its memory count
     */
    public record Entry(String collection, String kind, String role, int members, long memories) {

        static Entry of(CollectionSummary summary) {
            return new Entry(summary.slug(), wire(summary.kind()), summary.role().wireName(), summary.members(),
                    summary.memories());
        }
    }

    /**
     * What the action did; each action fills its own fields.
     *
     * @param action the action
     * @param collection the collection acted on (not for list)
     * @param kind create: the new collection's kind
     * @param user add_member and remove_member: the user
     * @param role add_member: the user's role now
     * @param removed remove_member: whether the user was a member
     * @param collections list: your collections, by name
     * @param memoryId publish: the id of the copy in the collection
     */
    public record Result(
            String action,
            @JsonInclude(JsonInclude.Include.NON_NULL) String collection,
            @JsonInclude(JsonInclude.Include.NON_NULL) String kind,
            @JsonInclude(JsonInclude.Include.NON_NULL) String user,
            @JsonInclude(JsonInclude.Include.NON_NULL) String role,
            @JsonInclude(JsonInclude.Include.NON_NULL) Boolean removed,
            @JsonInclude(JsonInclude.Include.NON_NULL) List<Entry> collections,
            @JsonInclude(JsonInclude.Include.NON_NULL) Long memoryId) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.writing("collection_manage", "Manage collections",
            "Shared collections, read and written only by their members: create, add or remove members, list "
                    + "yours, publish a personal memory into one.",
            Args.class, Result.class, (context, args) -> run(context.colony().as(context.actor()), args))
            .asDestructive();

    private CollectionManageTool() {
    }

    private static Result run(CallerScope caller, Args args) {
        Collections collections = caller.collections();
        String action = args.action();
        switch (action) {
            case "create" -> {
                onlyFor(action, Map.of("user", args.user() == null, "role", args.role() == null,
                        "memory_id", args.memoryId() == null));
                NamespaceKind kind = args.kind() == null || args.kind().equals("collaborative")
                        ? NamespaceKind.COLLABORATIVE : NamespaceKind.KNOWLEDGE_PACK;
                Namespace created = collections.create(required("collection", args.collection()), kind);
                return new Result(action, created.slug(), wire(created.kind()), null, null, null, null, null);
            }
            case "add_member" -> {
                onlyFor(action, Map.of("kind", args.kind() == null, "memory_id", args.memoryId() == null));
                UserId user = UserId.of(required("user", args.user()));
                MemberRole role = args.role() == null ? MemberRole.MEMBER : MemberRole.parse("role", args.role());
                collections.addMember(required("collection", args.collection()), user, role);
                return new Result(action, args.collection(), null, user.value(), role.wireName(), null, null, null);
            }
            case "remove_member" -> {
                onlyFor(action, Map.of("kind", args.kind() == null, "role", args.role() == null,
                        "memory_id", args.memoryId() == null));
                UserId user = UserId.of(required("user", args.user()));
                boolean removed = collections.removeMember(required("collection", args.collection()), user);
                return new Result(action, args.collection(), null, user.value(), null, removed, null, null);
            }
            case "list" -> {
                onlyFor(action, Map.of("collection", args.collection() == null, "kind", args.kind() == null,
                        "user", args.user() == null, "role", args.role() == null,
                        "memory_id", args.memoryId() == null));
                return new Result(action, null, null, null, null, null,
                        collections.list().stream().map(Entry::of).toList(), null);
            }
            case "publish" -> {
                onlyFor(action, Map.of("kind", args.kind() == null, "user", args.user() == null,
                        "role", args.role() == null));
                long id = required("memory_id", args.memoryId());
                Memory copy = collections.publish(MemoryId.of(id), required("collection", args.collection()));
                return new Result(action, args.collection(), null, null, null, null, null, copy.id().value());
            }
            default -> throw ColonyException.invalid("action", "must be create, add_member, remove_member, list or "
                    + "publish, was " + Echo.quoted(action));
        }
    }

    private static String wire(NamespaceKind kind) {
        return kind.name().toLowerCase(Locale.ROOT);
    }
}
