// The sealed contract PDF and the audit chain (docs/contract-pdf.md, docs/privacy.md): what each
// costs. On the embedded default (PGlite), or on PostgreSQL with TEST_DATABASE_URL; an in-process
// server, the real SDK and transport. Printed:
//   - sealing: a signature with its seal against one whose seal fails at once (the difference is
//     the seal), and meanwhile the event loop's longest stall and a cheap call's latency;
//   - a download of the sealed PDF (a file read);
//   - a check of a PDF (document.verify's work, without HTTP: the endpoint allows 20 a minute);
//   - what the chain adds to each audit row: inserts into audit_events against the same inserts
//     into a copy of the table without the chain's trigger, one writer and 20 at once;
//   - audit:verify's walk over 100,000 rows (BENCH_CHAIN_ROWS).
//
//   pnpm turbo run build --filter=@chayong/server...
//   pnpm --filter @chayong/server bench:pdf    (BENCH_RUNS=10 contracts per mode)

import { monitorEventLoopDelay } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { recordAudit } from "../src/audit/audit";
import { verifyAuditChain } from "../src/audit/audit-chain";
import { verifyDocument } from "../src/contracts/seal/verify-document";
import { rowsOf } from "../src/db/database";
import { borrowerAPhone, contractDraft, logInCast } from "../src/testing/fixtures";
import { signaturePng } from "../src/testing/png";
import { startTestServer } from "../src/testing/test-server";
import { count, median, positiveSetting, progress } from "./harness";

const contracts = positiveSetting("BENCH_RUNS", 10);
const chainRows = positiveSetting("BENCH_CHAIN_ROWS", 100_000);
const pingEveryMs = 10;
const ms = (value: number) => (value < 10 ? value.toFixed(1) : value.toFixed(0));

const ts = await startTestServer();
try {
  const cast = await logInCast(ts, { verifyBorrowers: true });
  const context = ts.server.context;
  const engine = ts.database.config.kind === "pglite" ? "PGlite" : "PostgreSQL";

  async function openedDraft(name: string) {
    const draft = await cast.lenderA.api.contract.add(contractDraft(borrowerAPhone, { name }));
    await cast.borrowerA.api.contract.open({ code: draft.code });
    return draft;
  }
  const sign = (id: string) => cast.borrowerA.api.contract.sign({ id, signature: signaturePng() });

  // Warm-up: the certificate made, the PDF thread started, fonts loaded.
  await sign((await openedDraft("warm-up")).id);

  /** Signs `contracts` contracts one after another while a cheap call runs every 10 ms. */
  async function signAll(label: string) {
    const drafts = [];
    for (let i = 0; i < contracts; i++) drafts.push(await openedDraft(`${label} ${i}`));
    const pings: number[] = [];
    let running = true;
    const pinger = (async () => {
      while (running) {
        const started = performance.now();
        await cast.lenderA.api.config.service({ configKey: "line" });
        pings.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, pingEveryMs));
      }
    })();
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    const times: number[] = [];
    const signed = [];
    for (const draft of drafts) {
      const started = performance.now();
      signed.push(await sign(draft.id));
      times.push(performance.now() - started);
    }
    loop.disable();
    running = false;
    await pinger;
    const sorted = [...pings].sort((a, b) => a - b);
    const p99 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? Number.NaN;
    progress(`${label}: done`);
    return {
      signed,
      row: `| ${label} | ${ms(median(times))} | ${ms(loop.max / 1e6)} | ${pings.length} | ${ms(median(pings))} / ${ms(p99)} / ${ms(sorted.at(-1) ?? Number.NaN)} |`,
      median: median(times),
    };
  }

  const sealed = await signAll("sign + seal");
  const working = context.signingCertificate;
  context.signingCertificate = () => Promise.reject(new Error("sealing off for the benchmark"));
  const unsealed = await signAll("sign, seal failing at once");
  context.signingCertificate = working;

  const downloads: number[] = [];
  const files: Uint8Array[] = [];
  for (const contract of sealed.signed) {
    const started = performance.now();
    files.push(await cast.lenderA.api.contract.pdf({ id: contract.id }));
    downloads.push(performance.now() - started);
  }
  const size = median(files.map((file) => file.length));

  const checks: number[] = [];
  const changedChecks: number[] = [];
  for (const file of files) {
    let started = performance.now();
    const answer = await verifyDocument(context, file);
    checks.push(performance.now() - started);
    if (!answer.valid) throw new Error("a sealed PDF did not verify");
    const changed = Uint8Array.from(file);
    changed[200] = (changed[200] ?? 0) ^ 1;
    started = performance.now();
    if ((await verifyDocument(context, changed)).reason !== "changed") {
      throw new Error("a changed PDF was not found changed");
    }
    changedChecks.push(performance.now() - started);
  }
  progress("downloads and checks: done");

  // The chain's cost per audit row: the same inserts, with the chain's trigger and without.
  const db = context.db;
  await db.execute(
    sql.raw("create table bench_plain (like audit_events including defaults including identity)"),
  );
  await db.execute(
    sql.raw(
      "alter table bench_plain alter column chain_seq drop not null, alter column prev_hash drop not null, alter column hash drop not null",
    ),
  );
  const at = new Date();
  const insertInto = (table: "audit_events" | "bench_plain") =>
    table === "audit_events"
      ? recordAudit(db, {
          actor: { userId: "bench", role: "lender" },
          action: "contract.view",
          subjectId: "bench",
          ip: "127.0.0.1",
          device: "bench",
          at,
        })
      : db.execute(
          sql`insert into bench_plain (at, actor_id, actor_role, action, subject_type, subject_id, ip, device, details) values (${at.toISOString()}, 'bench', 'lender', 'contract.view', 'contract', 'bench', '127.0.0.1', 'bench', '{}')`,
        );
  const writes = 1_000;
  async function perRow(table: "audit_events" | "bench_plain", writers: number) {
    const started = performance.now();
    await Promise.all(
      Array.from({ length: writers }, async () => {
        for (let i = 0; i < writes / writers; i++) await insertInto(table);
      }),
    );
    return ((performance.now() - started) * 1000) / writes;
  }
  const chainCost: string[] = [];
  for (const writers of [1, 20]) {
    await perRow("bench_plain", writers);
    await perRow("audit_events", writers);
    const plain = await perRow("bench_plain", writers);
    const chained = await perRow("audit_events", writers);
    chainCost.push(
      `| ${writers} | ${plain.toFixed(0)} | ${chained.toFixed(0)} | ${(chained - plain).toFixed(0)} |`,
    );
  }
  progress("chain cost: done");

  // audit:verify over `chainRows` rows: written by the trigger, one statement.
  const [counted] = rowsOf<{ n: string | number }>(
    await db.execute(sql`select count(*) as n from audit_events`),
  );
  const have = Number(counted?.n ?? 0);
  const started = performance.now();
  await db.execute(
    sql`insert into audit_events (at, actor_id, actor_role, action, subject_type, subject_id, ip, device, details) select now(), 'bench', 'lender', 'contract.view', 'contract', 'c' || n, '127.0.0.1', 'bench', jsonb_build_object('n', n) from generate_series(1, ${Math.max(0, chainRows - have)}) as n`,
  );
  const writeSeconds = (performance.now() - started) / 1000;
  const walkStarted = performance.now();
  const check = await verifyAuditChain(db);
  const walkSeconds = (performance.now() - walkStarted) / 1000;
  if (!check.ok) throw new Error("the benchmark's chain does not hold");

  console.info(
    `Sealed contract PDFs on ${engine}, ${contracts} contracts per mode, a cheap call every ${pingEveryMs} ms meanwhile (Node ${process.version})\n`,
  );
  console.info(
    "| signing | ms per signature (median) | longest event-loop stall ms | cheap calls | their ms: median / p99 / max |",
  );
  console.info("|---|---|---|---|---|");
  console.info(sealed.row);
  console.info(unsealed.row);
  console.info(
    `\nSealing: ${ms(sealed.median - unsealed.median)} ms per contract (the difference).`,
  );
  console.info(
    `Download of a sealed PDF (${(size / 1024).toFixed(0)} KB, a file read): ${ms(median(downloads))} ms median.`,
  );
  console.info(
    `Check of a PDF (document.verify's work): ${ms(median(checks))} ms sealed original, ${ms(median(changedChecks))} ms changed copy (median).`,
  );
  console.info(
    "\n| writers at once | µs per audit row, no chain | with the chain | the chain adds |",
  );
  console.info("|---|---|---|---|");
  for (const row of chainCost) console.info(row);
  console.info(
    `\naudit:verify over ${count(check.rows)} rows: ${walkSeconds.toFixed(1)} s (writing them through the trigger: ${writeSeconds.toFixed(1)} s).`,
  );
} finally {
  await ts.close();
}
