import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { Button } from "../button/button";
import { contractStatusCodes } from "../status-badge/status-badge";
import { componentDocs } from "../story-fixtures/docs";
import { ContractCard, type ContractCardData } from "./contract-card";

const contract: ContractCardData = {
  name: "김민수 개인 대출",
  number: "C-2026-000123",
  borrowerPhone: "010-****-5678",
  counterpartyName: "김민수",
  loanAmount: 3000000,
  currency: "KRW",
  loanDate: "2025-03-01",
  repaymentDate: "2025-04-01",
  status: "type6",
  instalmentCount: 3,
  outstandingAmount: 2000000,
};

const meta = {
  title: "Basics/ContractCard",
  parameters: componentDocs({
    summary:
      "One contract in a list: name, counterparty, status, amount, dates, what is still owed, and its actions.",
    do: [
      "Pass `onOpen` so the name opens the contract, and `actions` for the few actions that apply to its status.",
      "Set `headingLevel` to fit the page's outline (2 under the page's h1).",
    ],
    dont: [
      "Don't put more than two actions on a card; the rest live on the contract page.",
      "Don't show unmasked phone numbers; pass them masked.",
    ],
  }),
  component: ContractCard,
  args: { contract, onOpen: fn() },
} satisfies Meta<typeof ContractCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const PendingRepayment: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    // Dates as a Korean reader writes them, never the server's ISO text.
    await expect(canvas.getByText("2025. 03. 01.")).toBeVisible();
    await expect(canvas.queryByText("2025-03-01")).toBeNull();
    await userEvent.click(canvas.getByRole("button", { name: contract.name }));
    await expect(args.onOpen).toHaveBeenCalled();
  },
};
export const SinglePayment: Story = {
  args: {
    contract: { ...contract, instalmentCount: 1, status: "type1", outstandingAmount: undefined },
  },
};
export const WithActions: Story = {
  args: {
    contract: { ...contract, status: "type2" },
    actions: (
      <>
        <Button variant="secondary">고객 정보</Button>
        <Button variant="danger">삭제</Button>
      </>
    ),
  },
};
export const EveryStatus: Story = {
  render: (args) => (
    <div style={{ display: "grid", gap: 12 }}>
      {contractStatusCodes.map((status) => (
        <ContractCard
          key={status}
          {...args}
          contract={{ ...contract, status, name: `${contract.name} (${status})` }}
        />
      ))}
    </div>
  ),
};
export const LongKoreanName: Story = {
  args: {
    contract: {
      ...contract,
      name: "서울특별시 강남구 테헤란로 사업자 운영자금 대출 계약서 (분할 상환, 월 단위, 3회차)",
      loanAmount: 1_234_567_890,
    },
  },
};
export const LongChinese: Story = {
  globals: { locale: "zh-TW" },
  args: {
    contract: {
      ...contract,
      name: "臺北市信義區個人週轉金借款合約（分期還款，每月一期，共三期）",
      counterpartyName: "陳大文",
      borrowerPhone: "0912-***-678",
      currency: "TWD",
      loanAmount: 150000,
      outstandingAmount: 100000,
    },
  },
  play: async ({ canvasElement }) => {
    // Dates as a reader in Taiwan writes them.
    await expect(within(canvasElement).getByText("2025/03/01")).toBeVisible();
  },
};
