import { describe, expect, it } from "vitest";
import type { AuditRecord } from "../../audit/audit";
import { serverText } from "../../messages/message-for";
import { auditLineOf } from "./audit-page";

const at = new Date("2026-03-02T05:05:00Z");
const base = {
  id: 1,
  at,
  subjectType: "contract",
  subjectId: "c1",
  ip: null,
  device: null,
} as const;
const lender = { userId: "u1", role: "lender", apiKeyId: null } as const;

describe("the PDF's audit page", () => {
  it("words a money operation by the kinds of entries it wrote, once each", () => {
    const entry = { instalmentIndex: 1, amount: 1000, date: "2026-03-02" };
    const event: AuditRecord = {
      ...base,
      actor: lender,
      action: "contract.repay",
      details: {
        operationId: "op1",
        entries: [
          { ...entry, id: "e1", kind: "repayment" },
          { ...entry, id: "e2", kind: "waiver" },
          { ...entry, id: "e3", kind: "repayment" },
        ],
      },
    };
    const kinds = ["ledger.kind.repayment", "ledger.kind.waiver"] as const;
    expect(auditLineOf(event, "Asia/Seoul", "ko-KR")).toEqual({
      time: "2026년 3월 2일 14:05 (GMT+9)",
      actor: serverText("pdf.audit.actor.lender", "ko-KR"),
      action: serverText("pdf.audit.action.repay", "ko-KR", {
        kinds: kinds.map((key) => serverText(key, "ko-KR")).join(", "),
      }),
    });
  });

  it("names the hash a signature sealed, and no one but the party's role", () => {
    const hash = "ab".repeat(32);
    const line = auditLineOf(
      {
        ...base,
        actor: { userId: "u2", role: "borrower", apiKeyId: null },
        action: "contract.sign",
        details: { termsSha256: hash, signatureBytes: 2048, identity: null },
      },
      "Asia/Taipei",
      "zh-TW",
    );
    expect(line.action).toBe(serverText("pdf.audit.action.sign", "zh-TW", { hash }));
    expect(line.actor).toBe(serverText("pdf.audit.actor.borrower", "zh-TW"));
    expect(JSON.stringify(line)).not.toMatch(/u2/);
  });

  it("calls an actor without a role the system", () => {
    const line = auditLineOf(
      {
        ...base,
        actor: { userId: null, role: null, apiKeyId: null },
        action: "contract.view",
        details: {},
      },
      "Asia/Seoul",
      "ko-KR",
    );
    expect(line).toMatchObject({
      actor: serverText("pdf.audit.actor.system", "ko-KR"),
      action: serverText("pdf.audit.action.view", "ko-KR"),
    });
  });

  it("says from where each step came: the IP and the device, cut short", () => {
    const line = auditLineOf(
      {
        ...base,
        ip: "10.0.0.1",
        device: `Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) ${"x".repeat(100)}`,
        actor: lender,
        action: "contract.view",
        details: {},
      },
      "Asia/Seoul",
      "ko-KR",
    );
    const [action, origin] = line.action.split("\n");
    expect(action).toBe(serverText("pdf.audit.action.view", "ko-KR"));
    expect(origin).toMatch(/^IP 10\.0\.0\.1 · 기기 Mozilla\/5\.0 \(iPhone; .*…$/);
    expect(origin?.length).toBeLessThan(110);
  });
});
