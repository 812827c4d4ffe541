/**
 * The run tools: delegate work to an agent or run a shell command (spawn_task, create_task), see and await runs
 * (check_tasks, await_tasks, task_output), execute one (take_task, ask_user, finish_task), and answer or kill one
 * (answer_task, kill_task). {@link dev.colony.tool.run.RunTools#ALL} lists them.
 */
package dev.colony.tool.run;
