import { type ContractStatus, contractStatuses } from "@chayong/domain";
import type { ReactNode } from "react";
import { classNames } from "../class-names";
import { useUiText } from "../i18n/use-ui-text";

/**
 * The contract statuses of docs/statuses.md#contract-statuses: type1 .. type6. The domain's `ContractStatus` under the
 * kit's older name, kept so existing importers compile; new code can use `ContractStatus`.
 */
export type ContractStatusCode = ContractStatus;

/** Every status in type order: the domain's `contractStatuses`. */
export const contractStatusCodes: readonly ContractStatusCode[] = contractStatuses;

export interface StatusBadgeProps {
  /** Contract status (type1-type6); picks the colour and the translated name. */
  status: ContractStatus;
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
