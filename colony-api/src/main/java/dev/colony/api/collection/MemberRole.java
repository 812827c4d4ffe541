package dev.colony.api.collection;

import dev.colony.api.ColonyException;
import dev.colony.api.Echo;
import dev.colony.api.NamespaceKind;
import java.util.Locale;

/** What a member of a collection may do there. */
public enum MemberRole {
    /** Reads and writes, and manages the members. The creator of a collection is its first admin. */
    ADMIN,
    /** Reads and writes a collaborative collection; reads a knowledge pack. */
    MEMBER,
    /** Reads only. */
    READER;

    /** Whether this role may write memories into a collection of {@code kind}. */
    public boolean canWrite(NamespaceKind kind) {
        return switch (this) {
            case ADMIN -> true;
            case MEMBER -> kind != NamespaceKind.KNOWLEDGE_PACK;
            case READER -> false;
        };
    }

    /** The lowercase name used on the wire and in the store. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The role named {@code value} (admin, member or reader, any case).
     *
     * @throws ColonyException {@code INVALID_ARGUMENT} naming {@code field} for anything else
     */
    public static MemberRole parse(String field, String value) {
        if (value != null) {
            for (MemberRole role : values()) {
                if (role.wireName().equals(value.strip().toLowerCase(Locale.ROOT))) {
                    return role;
                }
            }
        }
        throw ColonyException.invalid(field, "must be admin, member or reader, was " + Echo.quoted(value));
    }
}
