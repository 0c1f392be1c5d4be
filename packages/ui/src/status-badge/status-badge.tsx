import type { ReactNode } from "react";
import { classNames } from "../class-names";
import { useUiText } from "../i18n/use-ui-text";

/** The contract statuses of the spec (§4): type1 .. type6. */
export type ContractStatusCode = "type1" | "type2" | "type3" | "type4" | "type5" | "type6";

export const contractStatusCodes: readonly ContractStatusCode[] = [
  "type1",
  "type2",
  "type3",
  "type4",
  "type5",
  "type6",
];

export interface StatusBadgeProps {
  status: ContractStatusCode;
  /** Replaces the translated status name. */
  label?: ReactNode;
  className?: string;
}

/** A contract's status as a coloured pill; colour is never the only signal (the name is shown). */
export function StatusBadge({ status, label, className }: StatusBadgeProps) {
  const t = useUiText();
  return (
    <span className={classNames("cy-status-badge", `cy-status-badge--${status}`, className)}>
      {label ?? t(`contract.status.${status}`)}
    </span>
  );
}
