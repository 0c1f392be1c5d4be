#!/usr/bin/env node
// Sums the JSON reports every package's test runs leave in <package>/.test-report/ (vitest's
// json reporter, Playwright's json reporter) and prints one closing line: "N passed, N failed".
// Failed tests are named above it with the start of their message: CI keeps only the end of
// its output, and a count alone does not say what to fix.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const root = new URL("../..", import.meta.url).pathname;
let passed = 0;
let failed = 0;
let skipped = 0;
const rows = [];
const failures = [];

function firstLines(message, count = 6) {
  // Strip ANSI colours; keep the head of the message, where the assertion is.
  const plain = String(message ?? "").replace(/\u001b\[[0-9;]*m/g, "");
  // Stack frames say where in the test runner it was thrown, not what went wrong.
  const lines = plain.split("\n").filter((line) => !/^\s*at /.test(line) && line.trim() !== "");
  if (lines.length === 0) return "(no message: a hook or the file itself failed; see the log above)";
  return lines.slice(0, count).join("\n      ");
}

function vitestFailures(report, where) {
  for (const file of report.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status !== "failed") continue;
      failures.push(`${where} ${test.fullName}\n      ${firstLines(test.failureMessages?.[0])}`);
    }
    // A file that failed to load or whose hooks threw has no failed assertion to name.
    if (file.status === "failed" && !(file.assertionResults ?? []).some((t) => t.status === "failed")) {
      failures.push(`${where} ${file.name}\n      ${firstLines(file.message)}`);
    }
  }
}

// packages/ui's story check (scripts/check-stories.ts): one outcome per story or docs page,
// with the reasons it fails as the checker judged them.
function storyFailures(report, where) {
  for (const outcome of report.outcomes ?? []) {
    if ((outcome.failures ?? []).length === 0) continue;
    failures.push(`${where} story ${outcome.id} (${outcome.status})\n      ${firstLines(outcome.failures.join("\n"))}`);
  }
}

function countPlaywright(report) {
  const counts = { passed: 0, failed: 0, skipped: 0 };
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === "expected" || test.status === "flaky") counts.passed++;
        else if (test.status === "skipped") counts.skipped++;
        else {
          counts.failed++;
          const error = test.results?.at(-1)?.error?.message;
          failures.push(`${spec.file}:${spec.line} ${spec.title}\n      ${firstLines(error)}`);
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return counts;
}

for (const group of ["apps", "packages"]) {
  const groupDir = join(root, group);
  if (!existsSync(groupDir)) continue;
  for (const name of readdirSync(groupDir)) {
    const reportDir = join(groupDir, name, ".test-report");
    if (!existsSync(reportDir)) continue;
    for (const file of readdirSync(reportDir).filter((f) => f.endsWith(".json"))) {
      const report = JSON.parse(readFileSync(join(reportDir, file), "utf8"));
      if ("outcomes" in report) storyFailures(report, `${group}/${name}`);
      else if ("numPassedTests" in report) vitestFailures(report, `${group}/${name}`);
      const counts =
        "numPassedTests" in report
          ? {
              passed: report.numPassedTests,
              failed: report.numFailedTests,
              skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
            }
          : countPlaywright(report);
      passed += counts.passed;
      failed += counts.failed;
      skipped += counts.skipped;
      rows.push(`${group}/${name} ${file}: ${counts.passed} passed, ${counts.failed} failed`);
    }
  }
}

if (failures.length > 0) {
  console.log("Failed:");
  for (const failure of failures) console.log(`  ${failure}`);
}
for (const row of rows) console.log(`  ${row}`);
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
