import {
  normalizePhone,
  type OfflineLoanReport,
  type SharedDebtInfo,
  summarizeOfflineLoans,
} from "@chayong/domain";
import type { FakeRoute } from "./fake-api-server";

/** A person on the platform with these online figures (two contracts, one settled). */
export const fakeOnlineFigures: SharedDebtInfo["online"] = {
  signedCount: 2,
  settledCount: 1,
  inTransitAmount: 1_010_000,
  settledAmount: 1_010_000,
  overdueCount: 1,
};

/**
 * The shared-debt and offline loan endpoints as the server keeps them (docs/customers.md): the
 * lookup finds `person` (phone and ID number as typed or canonical) and answers its online
 * figures with the offline ones of the reports about that person that still count; anyone else
 * is 'not found' (404). The lender's reports newest first; correcting or withdrawing one that is
 * not there is a 404.
 */
export function fakeSharedDebt(
  options: { person?: { phone: string; idNumber: string }; reports?: OfflineLoanReport[] } = {},
): {
  routes: Record<string, FakeRoute>;
  reports: () => OfflineLoanReport[];
} {
  const person = options.person ?? { phone: "+821012345678", idNumber: "900101-1234567" };
  let reports = [...(options.reports ?? [])];
  // The ID number of each report, which the answers never carry.
  const idNumbers = new Map<string, string>(
    reports.map((report) => [report.id, person.idNumber] as const),
  );
  let clock = Date.parse("2026-03-10T09:00:00.000Z");
  let counter = 0;
  const e164 = (phone: string) => {
    const result = normalizePhone(phone);
    return result.ok ? result.value : phone;
  };
  const canonicalId = (id: string) => id.replace(/[\s-]/g, "").toUpperCase();
  const notFound = (message: string) => ({ status: 404, message, body: null });

  return {
    routes: {
      "/api/v1/contract/sharedDebt": (payload) => {
        const { phone, idNumber } = payload as { phone: string; idNumber: string };
        if (
          e164(phone) !== person.phone ||
          canonicalId(idNumber) !== canonicalId(person.idNumber)
        ) {
          return notFound("다중 채무 정보가 없습니다");
        }
        const about = reports.filter(
          (report) => canonicalId(idNumbers.get(report.id) ?? "") === canonicalId(idNumber),
        );
        return { body: { online: fakeOnlineFigures, offline: summarizeOfflineLoans(about) } };
      },
      "/api/v1/contract/offlineLoan": (payload) => {
        const input = payload as Omit<OfflineLoanReport, "id" | "createdAt"> & {
          idNumber: string;
          outstandingAmount?: number;
        };
        clock += 60_000;
        const report: OfflineLoanReport = {
          id: `report-${++counter}`,
          phone: e164(input.phone),
          amount: input.amount,
          outstandingAmount:
            input.state === "settled" ? 0 : (input.outstandingAmount ?? input.amount),
          loanDate: input.loanDate,
          state: input.state,
          createdAt: new Date(clock).toISOString(),
        };
        idNumbers.set(report.id, input.idNumber);
        reports = [report, ...reports];
        return { body: report };
      },
      "/api/v1/contract/offlineLoanList": () => ({ body: reports }),
      "/api/v1/contract/offlineLoan/correct": (payload) => {
        const input = payload as Omit<OfflineLoanReport, "phone" | "createdAt"> & {
          outstandingAmount?: number;
        };
        const found = reports.find((report) => report.id === input.id);
        if (!found) return notFound("해당 기록이 없거나 이미 철회되었습니다");
        const corrected: OfflineLoanReport = {
          ...found,
          amount: input.amount,
          outstandingAmount:
            input.state === "settled" ? 0 : (input.outstandingAmount ?? input.amount),
          loanDate: input.loanDate,
          state: input.state,
        };
        reports = reports.map((report) => (report.id === input.id ? corrected : report));
        return { body: corrected };
      },
      "/api/v1/contract/offlineLoan/withdraw": (payload) => {
        const { id } = payload as { id: string };
        if (!reports.some((report) => report.id === id)) {
          return notFound("해당 기록이 없거나 이미 철회되었습니다");
        }
        reports = reports.filter((report) => report.id !== id);
        return { body: null };
      },
    },
    reports: () => reports,
  };
}
