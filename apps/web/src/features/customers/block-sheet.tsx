import { displayPhone, textField } from "@chayong/domain";
import { Button, Sheet, useToast } from "@chayong/ui";
import { useLingui } from "@lingui/react";
import * as v from "valibot";
import { useApiMutation } from "../../data/api-mutation";
import { useDomainForm } from "../../forms";

/** The reason's limit (docs/customers.md: the lender's own note, up to 200 characters). */
export const blockReasonMaxLength = 200;

/**
 * The reason of a block request: the rule of the SDK's `blockRequestSchema`, which the server
 * runs, made again of the same parts (the browser entry of the SDK carries no request schema;
 * block-sheet.test.ts holds the two equal). The phone is the customer's, as the server gave it.
 */
export const blockReasonRequestSchema = v.object({
  reason: textField({
    requiredKey: "common.pleaseFillIn",
    maxLength: blockReasonMaxLength,
    multiline: true,
  }),
});

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
  const block = useApiMutation("contract.block");
  const sending = block.isPending;
  const { form, submit, message } = useDomainForm({
    defaultValues: { reason },
    request: blockReasonRequestSchema,
    onValuesChange: (values) => onReasonChange(values.reason),
    onSubmit: async (request) => {
      await block.mutateAsync({ phone, ...request });
      toast.show(_("customer.block.success"));
      form.reset({ reason: "" });
      onBlocked();
    },
  });

  return (
    <Sheet
      open={open}
      onClose={() => {
        if (!sending) onClose();
      }}
      title={_("customer.block")}
      description={displayPhone(phone)}
      onSubmit={submit}
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
      <form.AppField name="reason">
        {(field) => (
          <field.TextField
            label={_("customer.block.reason")}
            required
            hint={`${[...field.state.value].length}/${blockReasonMaxLength}`}
          />
        )}
      </form.AppField>
      {message ? <p className="page__error">{message}</p> : null}
    </Sheet>
  );
}
