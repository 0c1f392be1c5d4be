import { translate } from "@chayong/i18n";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, userEvent, within } from "storybook/test";
import { Button } from "../button/button";
import { Checkbox } from "../checkbox/checkbox";
import { ConfirmDialog } from "../confirm-dialog/confirm-dialog";
import { MoneyText } from "../money-text/money-text";
import { PageHeader } from "../page-header/page-header";
import { SignaturePad } from "../signature-pad/signature-pad";
import { StatusBadge } from "../status-badge/status-badge";
import {
  formatDate,
  loanTerms,
  markets,
  note,
  pageBody,
  panel,
  Screen,
  sectionTitle,
  Terms,
  useScreenText,
} from "./screen-fixtures";

/** A drawn signature, as the pad's PNG would show it (a stand-in: stories need no canvas). */
const sampleSignature = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 90"><path d="M12 62c18-40 30-48 34-30s-6 40 6 30 20-44 30-30-4 34 10 28 18-30 30-24 6 22 20 18 24-20 40-18 30 10 50 4" fill="none" stroke="#100f16" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/></svg>',
)}`;

/**
 * The borrower's contract before signing: terms, parties, cost, schedule, then the signature and
 * the 'I have read it' check; 'confirm signing' stays in a bar at the bottom and opens a last
 * confirmation naming the money. `review`: nothing done yet; `confirm`: signed, ticked and
 * confirming; `draw`: the signature pad.
 */
function SignScreen({ step = "review" }: { step?: "review" | "confirm" | "draw" }) {
  const { t, locale } = useScreenText();
  const ready = step === "confirm";
  const [read, setRead] = useState(ready);
  const market = markets[locale];
  const terms = loanTerms(market);
  const money = (amount: number) => (
    <MoneyText amount={amount} currency={market.currency} locale={locale} />
  );
  if (step === "draw") {
    return (
      <Screen>
        <div style={{ height: "100vh", padding: "var(--cy-space-2)" }}>
          <SignaturePad onSave={() => undefined} onBack={() => undefined} />
        </div>
      </Screen>
    );
  }
  return (
    <Screen>
      <PageHeader title={t("sign.title")} onBack={() => undefined} />
      <div style={{ ...pageBody, paddingBlockEnd: 128 }}>
        <section style={panel} aria-labelledby="sign-terms-title">
          <div style={{ display: "flex", justifyContent: "space-between", gap: 8 }}>
            <h2 id="sign-terms-title" style={sectionTitle}>
              {t("document.terms")}
            </h2>
            <StatusBadge status="type1" />
          </div>
          <Terms
            rows={[
              [t("contract.name"), market.contracts[0]?.name],
              [t("contract.loanAmount"), money(terms.loanAmount)],
              [t("contract.disbursedAmount"), money(terms.disbursedAmount)],
              [t("contract.loanDate"), formatDate(market.today, locale)],
              [t("contract.type"), t("contract.type.instalment")],
              [t("contract.instalmentInterval"), t("contract.instalmentInterval.monthly")],
              [t("contract.overdueRate"), `${terms.overdueRatePercent}%`],
            ]}
          />
        </section>
        <section style={panel} aria-labelledby="sign-parties-title">
          <h2 id="sign-parties-title" style={sectionTitle}>
            {t("document.parties")}
          </h2>
          <Terms
            rows={[
              [t("contract.lender"), market.lender],
              [t("contract.merchantName"), market.merchant],
              [t("contract.borrowerPhone"), market.maskedPhone],
            ]}
          />
        </section>
        <section style={panel} aria-labelledby="sign-cost-title">
          <h2 id="sign-cost-title" style={sectionTitle}>
            {t("cost.title")}
          </h2>
          <Terms
            rows={[
              [t("cost.amountReceived"), money(terms.disbursedAmount)],
              [t("cost.totalRepayable"), money(terms.totalRepayable)],
              [t("cost.effectiveAnnualRate"), `${terms.effectiveAnnualRatePercent}%`],
            ]}
          />
          <p style={note}>{t("cost.explanation")}</p>
        </section>
        <section style={panel} aria-labelledby="sign-schedule-title">
          <h2 id="sign-schedule-title" style={sectionTitle}>
            {t("contract.schedule.title")}
          </h2>
          <Terms
            rows={terms.instalments.map((instalment) => [
              `${t("contract.instalment.number", { number: instalment.number })} · ${formatDate(instalment.dueDate, locale)}`,
              money(terms.instalmentAmount),
            ])}
          />
        </section>
        <section style={panel} aria-labelledby="sign-signature-title">
          <h2 id="sign-signature-title" style={sectionTitle}>
            {t("sign.borrowerSignature")}
          </h2>
          {ready ? (
            <img
              src={sampleSignature}
              alt={t("sign.borrowerSignature")}
              style={{
                width: "100%",
                height: 96,
                objectFit: "contain",
                border: "1px solid var(--cy-color-border)",
                borderRadius: "var(--cy-radius-md)",
              }}
            />
          ) : null}
          <Button variant="secondary" block>
            {ready ? t("sign.resign") : t("sign.tapToSign")}
          </Button>
          <Checkbox label={t("sign.readConfirm")} checked={read} onCheckedChange={setRead} />
        </section>
      </div>
      <div
        style={{
          position: "fixed",
          insetInline: 0,
          insetBlockEnd: 0,
          padding: "var(--cy-space-3) var(--cy-space-4)",
          paddingBlockEnd: "calc(var(--cy-space-3) + var(--cy-safe-bottom))",
          background: "var(--cy-color-surface)",
          boxShadow: "var(--cy-shadow-raised)",
          zIndex: "var(--cy-z-header)",
        }}
      >
        <Button size="lg" block disabled={!(ready && read)}>
          {t("sign.confirm")}
        </Button>
        {ready ? null : (
          <p style={{ ...note, textAlign: "center", marginBlockStart: "var(--cy-space-2)" }}>
            {t("sign.needSignature")}
          </p>
        )}
      </div>
      <ConfirmDialog
        open={ready && read}
        title={t("sign.confirmDialog.title")}
        message={
          <>
            <Terms
              rows={[
                [t("cost.amountReceived"), money(terms.disbursedAmount)],
                [t("cost.totalRepayable"), money(terms.totalRepayable)],
              ]}
            />
            <span style={{ display: "block", marginBlockStart: "var(--cy-space-3)" }}>
              {t("sign.confirmDialog.note")}
            </span>
          </>
        }
        confirmLabel={t("sign.confirmDialog.confirm")}
        onConfirm={() => undefined}
        onCancel={() => setRead(false)}
      />
    </Screen>
  );
}

const meta = {
  title: "Screens/Sign",
  component: SignScreen,
  parameters: {
    docs: {
      description: {
        component:
          "What the borrower reads and signs: terms, parties, the cost of credit, the schedule, then the signature, with 'confirm signing' in a bar that stays at the bottom (enabled once a signature is drawn). Composed from PageHeader, StatusBadge, MoneyText, Button and SignaturePad.",
      },
    },
  },
} satisfies Meta<typeof SignScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Korean: Story = {
  globals: { locale: "ko-KR" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const confirm = canvas.getByRole("button", { name: translate("sign.confirm", "ko-KR") });
    await expect(confirm).toBeDisabled();
    // Ticking 'I have read it' is not enough: the signature is still missing.
    await userEvent.click(canvas.getByRole("checkbox"));
    await expect(confirm).toBeDisabled();
    await expect(
      canvas.getByText(translate("contract.instalment.number", "ko-KR", { number: 1 }), {
        exact: false,
      }),
    ).toBeVisible();
  },
};
export const TraditionalChinese: Story = { globals: { locale: "zh-TW" } };
export const ConfirmKorean: Story = {
  globals: { locale: "ko-KR" },
  args: { step: "confirm" },
  play: async () => {
    const dialog = within(document.body).getByRole("alertdialog");
    await expect(dialog).toHaveTextContent(translate("cost.totalRepayable", "ko-KR"));
  },
};
export const ConfirmTraditionalChinese: Story = {
  globals: { locale: "zh-TW" },
  args: { step: "confirm" },
};
export const DrawKorean: Story = { globals: { locale: "ko-KR" }, args: { step: "draw" } };
export const DrawTraditionalChinese: Story = {
  globals: { locale: "zh-TW" },
  args: { step: "draw" },
};
