import type { CustomerInfo } from "@chayong/domain";
import { useLingui } from "@lingui/react";

/** 'blocked' or 'normal' as a pill; the word is always shown, the colour only repeats it. */
export function CustomerStatusBadge({ status }: { status: CustomerInfo["status"] }) {
  const { _ } = useLingui();
  return (
    <span className={`customer-status customer-status--${status}`}>
      {_(`customer.status.${status}`)}
    </span>
  );
}
