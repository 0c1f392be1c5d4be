import type { Split } from "@chayong/domain";

/** Which contracts a figure counts: all, single-payment or instalment ones. */
export type SplitKey = keyof Split<unknown>;

export const splitKeys = ["total", "single", "instalment"] as const satisfies readonly SplitKey[];

/** Which period the detailed figures cover. */
export type PeriodKey = "allTime" | "today";
