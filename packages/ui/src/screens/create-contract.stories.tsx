import { translate } from "@chayong/i18n";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, within } from "storybook/test";
import { Button } from "../button/button";
import { DateField } from "../date-field/date-field";
import { MoneyField } from "../money-field/money-field";
import { MoneyText } from "../money-text/money-text";
import { PageHeader } from "../page-header/page-header";
import { SegmentedControl } from "../segmented-control/segmented-control";
import { TextField } from "../text-field/text-field";
import {
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

/**
 * The lender's contract form, filled in, with the cost-of-credit preview the borrower will see.
 * `showErrors` shows the form after a submit with two fields wrong.
 */
function CreateContractScreen({ showErrors = false }: { showErrors?: boolean }) {
  const { t, locale } = useScreenText();
  const market = markets[locale];
  const terms = loanTerms(market);
  const [type, setType] = useState<"single" | "instalment">("instalment");
  const [loanAmount, setLoanAmount] = useState<number | null>(terms.loanAmount);
  const [disbursed, setDisbursed] = useState<number | null>(
    showErrors ? terms.loanAmount * 2 : terms.disbursedAmount,
  );
  const [instalmentAmount, setInstalmentAmount] = useState<number | null>(terms.instalmentAmount);
  const [loanDate, setLoanDate] = useState(market.today);
  const [repaymentDate, setRepaymentDate] = useState(terms.instalments[0]?.dueDate ?? "");
  return (
    <Screen>
      <PageHeader title={t("contract.create.title")} onBack={() => undefined} />
      <form style={pageBody} noValidate onSubmit={(event) => event.preventDefault()}>
        <div style={panel}>
          <TextField label={t("contract.name")} required defaultValue={market.contracts[0]?.name} />
          <TextField
            label={t("contract.borrowerPhone")}
            required
            type="tel"
            inputMode="tel"
            autoComplete="off"
            defaultValue={showErrors ? "" : market.borrowerPhone}
            error={showErrors ? t("contract.borrowerPhone.required") : undefined}
          />
          <TextField label={t("contract.lender")} required defaultValue={market.lender} />
          <TextField label={t("contract.merchantName")} required defaultValue={market.merchant} />
        </div>
        <div style={panel}>
          <SegmentedControl
            label={t("contract.type")}
            options={[
              { value: "single", label: t("contract.type.single") },
              { value: "instalment", label: t("contract.type.instalment") },
            ]}
            value={type}
            onValueChange={setType}
          />
          <MoneyField
            label={t("contract.loanAmount")}
            required
            unit={market.unit}
            locale={locale}
            value={loanAmount}
            onValueChange={setLoanAmount}
          />
          <MoneyField
            label={t("contract.disbursedAmount")}
            required
            unit={market.unit}
            locale={locale}
            value={disbursed}
            onValueChange={setDisbursed}
            error={showErrors ? t("contract.disbursedAmount.exceedsLoan") : undefined}
          />
          {type === "instalment" ? (
            <>
              <TextField
                label={t("contract.instalmentCount")}
                required
                inputMode="numeric"
                defaultValue="3"
              />
              <MoneyField
                label={t("contract.instalmentAmount")}
                required
                unit={market.unit}
                locale={locale}
                value={instalmentAmount}
                onValueChange={setInstalmentAmount}
              />
            </>
          ) : null}
          <DateField
            label={t("contract.loanDate")}
            required
            value={loanDate}
            onValueChange={setLoanDate}
          />
          <DateField
            label={t("contract.repaymentDate")}
            required
            value={repaymentDate}
            onValueChange={setRepaymentDate}
            min={loanDate}
          />
          <TextField
            label={t("contract.overdueRate")}
            required
            inputMode="decimal"
            suffix="%"
            defaultValue={terms.overdueRatePercent}
          />
        </div>
        {showErrors ? null : (
          <section style={panel} aria-labelledby="create-cost-title">
            <h2 id="create-cost-title" style={sectionTitle}>
              {t("cost.title")}
            </h2>
            <Terms
              rows={[
                [
                  t("cost.amountReceived"),
                  <MoneyText
                    key="received"
                    amount={terms.disbursedAmount}
                    currency={market.currency}
                    locale={locale}
                  />,
                ],
                [
                  t("cost.totalRepayable"),
                  <MoneyText
                    key="total"
                    amount={terms.totalRepayable}
                    currency={market.currency}
                    locale={locale}
                  />,
                ],
                [t("cost.effectiveAnnualRate"), `${terms.effectiveAnnualRatePercent}%`],
              ]}
            />
            <p style={{ ...note, color: "var(--cy-color-success)" }}>{t("cost.withinCap")}</p>
            <p style={note}>{t("cost.explanation")}</p>
          </section>
        )}
        <Button type="submit" size="lg" block>
          {t("contract.create")}
        </Button>
      </form>
    </Screen>
  );
}

const meta = {
  title: "Screens/Create contract",
  component: CreateContractScreen,
  parameters: {
    docs: {
      description: {
        component:
          "The lender's contract form: parties, then money and dates, then the cost of credit the borrower will see, and one primary action at the bottom. Composed from PageHeader, TextField, SegmentedControl, MoneyField, DateField, MoneyText and Button.",
      },
    },
  },
} satisfies Meta<typeof CreateContractScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Korean: Story = {
  globals: { locale: "ko-KR" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent(
      translate("contract.create.title", "ko-KR"),
    );
    await expect(
      canvas.getByRole("textbox", {
        name: new RegExp(translate("contract.loanAmount", "ko-KR")),
      }),
    ).toHaveValue("3,000,000");
  },
};
export const TraditionalChinese: Story = { globals: { locale: "zh-TW" } };
export const WithErrorsKorean: Story = { globals: { locale: "ko-KR" }, args: { showErrors: true } };
export const WithErrorsTraditionalChinese: Story = {
  globals: { locale: "zh-TW" },
  args: { showErrors: true },
};
