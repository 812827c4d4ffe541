/**
 * How a Colony process starts from the command line and the environment: {@link dev.colony.launch.LaunchSettings}
 * locates the store and reads the options, {@link dev.colony.launch.EmbeddedColony} opens it (SQLite or
 * PostgreSQL, the Lucene index, the embedding model), {@link dev.colony.launch.StoreFiles} checks and sizes its
 * files, and {@link dev.colony.launch.StartupThread} reads the task thread (repository root and branch) a process
 * starts in. Shared by the CLI, the hooks and the MCP server process, and knowing neither the commands nor the hooks;
 * nothing here writes to {@code System.out} while a server runs.
 */
package dev.colony.launch;
