package dev.colony.api;

/** What a namespace is for. */
public enum NamespaceKind {
    /** The private namespace of one user, shared by all of that user's agents. */
    PERSONAL,
    /** A shared collection that members read and write. */
    COLLABORATIVE,
    /** A shared collection that is mostly read: curated knowledge. */
    KNOWLEDGE_PACK
}
