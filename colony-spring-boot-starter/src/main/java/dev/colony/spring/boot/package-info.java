/**
 * The Spring Boot starter: {@link dev.colony.spring.boot.ColonyAutoConfiguration} makes a {@code Colony} and the
 * application's caller scope from the {@code colony.*} properties ({@link dev.colony.spring.boot.ColonyProperties}),
 * and the Spring AI and LangChain4j adapters' beans on them when those frameworks are on the class path;
 * {@link dev.colony.spring.boot.ColonyVectorStoreAutoConfiguration} adds Spring AI's vector store for an
 * application with an embedding model.
 */
package dev.colony.spring.boot;
