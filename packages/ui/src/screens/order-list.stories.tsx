import { translate } from "@chayong/i18n";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, userEvent, within } from "storybook/test";
import { Button } from "../button/button";
import { ContractCard } from "../contract-card/contract-card";
import { EmptyState } from "../empty-state/empty-state";
import { ErrorState } from "../error-state/error-state";
import { ListSkeleton } from "../list-skeleton/list-skeleton";
import { PageHeader } from "../page-header/page-header";
import { SegmentedControl } from "../segmented-control/segmented-control";
import { TabBar } from "../tab-bar/tab-bar";
import { TextField } from "../text-field/text-field";
import {
  markets,
  PlusIcon,
  pageBody,
  Screen,
  useLenderTabs,
  useScreenText,
} from "./screen-fixtures";

type TypeFilter = "all" | "single" | "instalment";

/**
 * The lender's order list (docs/screens.md#order-list): search, type filter, contract cards, bottom tabs. `state`
 * shows the list's other states: no contracts yet, the first load, and a failed load.
 */
function OrderListScreen({ state = "list" }: { state?: "list" | "empty" | "loading" | "error" }) {
  const empty = state !== "list";
  const { t, locale } = useScreenText();
  const market = markets[locale];
  const tabs = useLenderTabs();
  const [filter, setFilter] = useState<TypeFilter>("all");
  const contracts = empty
    ? []
    : market.contracts.filter((contract) =>
        filter === "all"
          ? true
          : filter === "instalment"
            ? (contract.instalmentCount ?? 1) > 1
            : (contract.instalmentCount ?? 1) <= 1,
      );
  return (
    <Screen bottomSpace>
      <PageHeader
        title={t("orderList.title")}
        actions={
          <Button size="md" variant="ghost" icon={<PlusIcon />}>
            {t("contract.create")}
          </Button>
        }
      />
      <div style={pageBody}>
        <TextField label={t("common.search")} type="search" defaultValue="" />
        <SegmentedControl
          label={t("contract.type")}
          hideLabel
          options={[
            { value: "all", label: t("contract.type.all") },
            { value: "single", label: t("contract.type.single") },
            { value: "instalment", label: t("contract.type.instalment") },
          ]}
          value={filter}
          onValueChange={setFilter}
        />
        {state === "loading" ? (
          <ListSkeleton label={t("common.loading")} />
        ) : state === "error" ? (
          <ErrorState
            title={t("transport.timeout.title")}
            description={t("transport.timeout.text")}
            retryLabel={t("common.retry")}
            onRetry={() => undefined}
          />
        ) : contracts.length === 0 ? (
          <EmptyState
            title={t("contract.noResults")}
            action={<Button variant="secondary">{t("contract.create")}</Button>}
          />
        ) : (
          <ul
            style={{ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: 12 }}
            aria-label={t("orderList.title")}
          >
            {contracts.map((contract) => (
              <li key={contract.name}>
                <ContractCard
                  contract={contract}
                  headingLevel={2}
                  onOpen={() => undefined}
                  actions={
                    <>
                      <Button variant="secondary">{t("contract.view")}</Button>
                      <Button variant="ghost">{t("contract.copyLink")}</Button>
                    </>
                  }
                />
              </li>
            ))}
          </ul>
        )}
      </div>
      <TabBar items={tabs} selectedKey="order" placement="fixed" label={t("home.title")} />
    </Screen>
  );
}

const meta = {
  title: "Screens/Order list",
  component: OrderListScreen,
  parameters: {
    docs: {
      description: {
        component:
          "The lender's home: every contract as a card (status, amount, dates, what is still owed) with its actions, filtered by type. Composed from PageHeader, TextField, SegmentedControl, ContractCard, EmptyState and TabBar with static data.",
      },
    },
  },
} satisfies Meta<typeof OrderListScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Korean: Story = {
  globals: { locale: "ko-KR" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole("heading", { level: 1, name: translate("orderList.title", "ko-KR") }),
    ).toBeVisible();
    await userEvent.click(
      canvas.getByRole("radio", { name: translate("contract.type.instalment", "ko-KR") }),
    );
    await expect(canvas.getByText("김민수 개인 대출")).toBeVisible();
    await expect(canvas.queryByText("이서연 운영자금")).toBeNull();
  },
};

export const TraditionalChinese: Story = {
  globals: { locale: "zh-TW" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole("heading", { level: 1, name: translate("orderList.title", "zh-TW") }),
    ).toBeVisible();
  },
};

export const EmptyKorean: Story = { globals: { locale: "ko-KR" }, args: { state: "empty" } };
export const EmptyTraditionalChinese: Story = {
  globals: { locale: "zh-TW" },
  args: { state: "empty" },
};
export const LoadingKorean: Story = { globals: { locale: "ko-KR" }, args: { state: "loading" } };
export const LoadingTraditionalChinese: Story = {
  globals: { locale: "zh-TW" },
  args: { state: "loading" },
};
export const LoadFailedKorean: Story = {
  globals: { locale: "ko-KR" },
  args: { state: "error" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByText(translate("contract.noResults", "ko-KR"))).toBeNull();
    await expect(
      canvas.getByRole("button", { name: translate("common.retry", "ko-KR") }),
    ).toBeVisible();
  },
};
export const LoadFailedTraditionalChinese: Story = {
  globals: { locale: "zh-TW" },
  args: { state: "error" },
};
