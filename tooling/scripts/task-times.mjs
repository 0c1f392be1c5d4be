#!/usr/bin/env node
// Prints when each task of the turbo runs `./run test` made started and how long it took, from
// turbo's run summaries (--summarize writes .turbo/runs/<id>.json). CI must stay under 30
// minutes on 2 cores; this says which task to look at when it does not.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

const runsDir = join(new URL("../..", import.meta.url).pathname, ".turbo", "runs");
const since = Number(process.argv[2] ?? 0);
if (!existsSync(runsDir)) process.exit(0);
const tasks = [];
for (const name of readdirSync(runsDir)) {
  const path = join(runsDir, name);
  if (!name.endsWith(".json") || statSync(path).mtimeMs < since) continue;
  for (const task of JSON.parse(readFileSync(path, "utf8")).tasks ?? []) {
    const { startTime, endTime, exitCode } = task.execution ?? {};
    if (startTime && endTime) tasks.push({ id: task.taskId, startTime, endTime, exitCode });
  }
}
if (tasks.length === 0) process.exit(0);
tasks.sort((a, b) => a.startTime - b.startTime);
const origin = tasks[0].startTime;
const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`.padStart(7);
const lines = tasks.map((task) => {
  const failed = task.exitCode === 0 ? "" : `  exit ${task.exitCode}`;
  return `${seconds(task.startTime - origin)} ${seconds(task.endTime - task.startTime)}  ${task.id}${failed}`;
});
process.stdout.write(`\nTask times (start after the first task, duration):\n${lines.join("\n")}\n`);
