import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { readAuditEvents } from "../../audit/audit";
import { describeChainCheck, verifyAuditChain } from "../../audit/audit-chain";
import {
  borrowerAPhone,
  contractDraft,
  logInCast,
  signedInstalmentContract,
} from "../../testing/fixtures";
import { signaturePng } from "../../testing/png";
import { createTestDatabase } from "../../testing/test-database";
import { startTestServer } from "../../testing/test-server";
import { findSeal } from "./contract-seal";

describe("sealing a signed contract", { timeout: 180_000 }, () => {
  const filesRoot = mkdtempSync(join(tmpdir(), "chayong-seal-files-"));
  afterAll(() => rmSync(filesRoot, { recursive: true, force: true }));

  it("serves the same sealed bytes after a restart of the server, with the same certificate", async () => {
    const database = createTestDatabase({ migrated: true });
    let ts = await startTestServer({}, database, { filesRoot });
    let contractId: string;
    let before: Uint8Array;
    let token: string | null;
    try {
      const cast = await logInCast(ts, { verifyBorrowers: true });
      contractId = (await signedInstalmentContract(cast)).id;
      before = await cast.lenderA.api.contract.pdf({ id: contractId });
      token = cast.lenderA.token;
    } finally {
      await ts.server.close();
    }
    ts = await startTestServer({}, database, { filesRoot });
    try {
      // The session outlives the process, like the contract.
      const lender = ts.client();
      lender.token = token;
      const after = await lender.api.contract.pdf({ id: contractId });
      expect(Buffer.from(after).equals(Buffer.from(before))).toBe(true);
      // The restarted server seals with the certificate it sealed with before.
      const seal = await findSeal(ts.server.context, contractId);
      expect((await ts.server.context.signingCertificate()).certificateSha256).toBe(
        seal?.certificateSha256,
      );
    } finally {
      await ts.close();
    }
  });

  it("a chain rewritten whole holds again, but contradicts the head a sealed PDF printed", async () => {
    const ts = await startTestServer();
    try {
      const cast = await logInCast(ts, { verifyBorrowers: true });
      await signedInstalmentContract(cast);
      const db = ts.server.context.db;
      expect(await verifyAuditChain(db)).toMatchObject({ ok: true, printedHeads: 1 });
      // A forger edits the first row and recomputes every hash after it, and the head.
      await db.transaction(async (tx) => {
        await tx.execute(sql.raw("alter table audit_events disable trigger user"));
        await tx.execute(sql.raw("alter table audit_chain_head disable trigger user"));
        await tx.execute(sql.raw("update audit_events set ip = '10.6.6.6' where chain_seq = 1"));
        await tx.execute(
          sql.raw(`do $$
            declare event audit_events%rowtype; prev text := repeat('0', 64); next text;
            begin
              for event in select * from audit_events order by chain_seq loop
                next := encode(sha256(convert_to(prev || E'\\n' || chayong_audit_content(event), 'UTF8')), 'hex');
                update audit_events set prev_hash = prev, hash = next where id = event.id;
                prev := next;
              end loop;
              update audit_chain_head set hash = prev where id;
            end $$;`),
        );
        await tx.execute(sql.raw("alter table audit_events enable trigger user"));
        await tx.execute(sql.raw("alter table audit_chain_head enable trigger user"));
      });
      const check = await verifyAuditChain(db);
      expect(check).toMatchObject({ ok: false, reason: "printedHeadContradicted" });
      expect(describeChainCheck(check)).toContain("the chain was rewritten after it");
    } finally {
      await ts.close();
    }
  });

  it("seals twenty contracts signed at once, each once, and keeps the audit chain whole", async () => {
    const ts = await startTestServer();
    try {
      const cast = await logInCast(ts, { verifyBorrowers: true });
      const drafts = [];
      for (let index = 0; index < 20; index += 1) {
        const draft = await cast.lenderA.api.contract.add(
          contractDraft(borrowerAPhone, { name: `Loan ${index}` }),
        );
        await cast.borrowerA.api.contract.open({ code: draft.code });
        drafts.push(draft);
      }
      const signed = await Promise.all(
        drafts.map((draft) =>
          cast.borrowerA.api.contract.sign({ id: draft.id, signature: signaturePng() }),
        ),
      );
      const hashes = new Set<string>();
      for (const contract of signed) {
        expect(contract.seal?.pdfSha256).toMatch(/^[0-9a-f]{64}$/);
        hashes.add(contract.seal?.pdfSha256 ?? "");
        const seals = await readAuditEvents(ts.server.context.db, {
          action: "contract.seal",
          subjectId: contract.id,
        });
        expect(seals).toHaveLength(1);
      }
      expect(hashes.size).toBe(20);
      expect(await verifyAuditChain(ts.server.context.db)).toMatchObject({ ok: true });
    } finally {
      await ts.close();
    }
  });

  it("a signature stands when sealing fails; the first download seals it then, once", async () => {
    const ts = await startTestServer();
    try {
      const cast = await logInCast(ts, { verifyBorrowers: true });
      const context = ts.server.context;
      const working = context.signingCertificate;
      context.signingCertificate = () => Promise.reject(new Error("no certificate today"));
      const contract = await signedInstalmentContract(cast).finally(() => {
        context.signingCertificate = working;
      });
      expect(await findSeal(context, contract.id)).toBeNull();
      const detail = await cast.borrowerA.api.contract.detail({ id: contract.id });
      expect(detail.signedAt).not.toBeNull();
      expect(detail.seal).toBeNull();

      const downloads = await Promise.all([
        cast.lenderA.api.contract.pdf({ id: contract.id }),
        cast.borrowerA.api.contract.pdf({ id: contract.id }),
      ]);
      expect(Buffer.from(downloads[0]).equals(Buffer.from(downloads[1]))).toBe(true);
      const seals = await readAuditEvents(context.db, {
        action: "contract.seal",
        subjectId: contract.id,
      });
      expect(seals.map((event) => event.details.occasion)).toEqual(["download"]);
      expect((await cast.lenderA.api.contract.detail({ id: contract.id })).seal?.pdfSha256).toBe(
        seals[0]?.details.pdfSha256,
      );
    } finally {
      await ts.close();
    }
  });
});
