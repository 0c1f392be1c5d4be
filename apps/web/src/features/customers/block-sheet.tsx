import { displayPhone } from "@chayong/domain";
import { Button, Sheet, TextField, useToast } from "@chayong/ui";
import { useLingui } from "@lingui/react";
import { useState } from "react";
import { useApiMutation } from "../../data/api-mutation";
import { asTransportError } from "../../session/error-catalogue";
import { screenMessage } from "../../session/screen-message";

/** The reason's limit (docs/customers.md: the lender's own note, up to 200 characters). */
export const blockReasonMaxLength = 200;

/** The key of what is wrong with a block reason, or null (the server's rule, said as it is typed). */
export function blockReasonProblem(
  reason: string,
): { key: string; params?: { max: number } } | null {
  if (reason.trim() === "") return { key: "common.pleaseFillIn" };
  if ([...reason].length > blockReasonMaxLength) {
    return { key: "text.tooLong", params: { max: blockReasonMaxLength } };
  }
  return null;
}

/**
 * Blocking a phone: the consequence, the reason (required) and a red confirm, in one sheet. The
 * reason belongs to the page, so a refusal or closing the sheet loses nothing typed.
 */
export function BlockSheet({
  open,
  phone,
  reason,
  onReasonChange,
  onClose,
  onBlocked,
}: {
  open: boolean;
  /** E.164 */
  phone: string;
  reason: string;
  onReasonChange: (reason: string) => void;
  onClose: () => void;
  onBlocked: () => void;
}) {
  const { _ } = useLingui();
  const toast = useToast();
  const [submitted, setSubmitted] = useState(false);
  const block = useApiMutation("contract.block");
  const sending = block.isPending;
  const [serverReasonError, setServerReasonError] = useState<string | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);
  const problem = blockReasonProblem(reason);
  const reasonError =
    serverReasonError ?? (submitted && problem ? _(problem.key, problem.params) : undefined);

  const submit = async () => {
    setSubmitted(true);
    if (problem) {
      document.querySelector<HTMLElement>(".cy-sheet [aria-invalid='true']")?.focus();
      return;
    }
    setSendError(null);
    setServerReasonError(null);
    try {
      await block.mutateAsync({ phone, reason });
      toast.show(_("customer.block.success"));
      setSubmitted(false);
      onBlocked();
    } catch (error) {
      const body = asTransportError(error)?.body as
        | { errors?: Array<{ field: string | null; message: string }> }
        | undefined;
      const onReason = body?.errors?.find((candidate) => candidate.field === "reason");
      if (onReason) setServerReasonError(onReason.message);
      else setSendError(screenMessage(error, _));
    }
  };

  return (
    <Sheet
      open={open}
      onClose={() => {
        if (!sending) onClose();
      }}
      title={_("customer.block")}
      description={displayPhone(phone)}
      onSubmit={() => void submit()}
      actions={
        <>
          <Button variant="secondary" size="lg" onClick={onClose} disabled={sending}>
            {_("common.cancel")}
          </Button>
          <Button type="submit" variant="danger" size="lg" loading={sending}>
            {_("customer.block")}
          </Button>
        </>
      }
    >
      <p className="page__note">{_("customer.block.confirm")}</p>
      <TextField
        label={_("customer.block.reason")}
        name="reason"
        value={reason}
        required
        hint={`${[...reason].length}/${blockReasonMaxLength}`}
        onChange={(event) => {
          onReasonChange(event.currentTarget.value);
          setServerReasonError(null);
          setSendError(null);
        }}
        error={reasonError}
      />
      {sendError ? <p className="page__error">{sendError}</p> : null}
    </Sheet>
  );
}
