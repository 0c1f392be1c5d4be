import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { Button } from "../button/button";
import { DateField } from "../date-field/date-field";
import { MoneyField } from "../money-field/money-field";
import { Select } from "../select/select";
import { componentDocs } from "../story-fixtures/docs";
import { Sheet } from "./sheet";

const meta = {
  title: "Feedback/Sheet",
  parameters: componentDocs({
    summary:
      "A bottom sheet for a short task on top of the page (record a repayment, export): title, optional description, fields and buttons; a form when `onSubmit` is given.",
    do: [
      "Name the task in `title` and what it is for in `description`.",
      "Put cancel + submit in `actions`, submit last.",
    ],
    dont: ["Don't open a sheet from a sheet.", "Don't put long flows in a sheet: use a page."],
  }),
  component: Sheet,
  args: {
    open: true,
    onClose: fn(),
    title: "상환 등록",
    description: "김민수 대출 · 2회차 미상환 ₩241,183",
    children: null,
  },
} satisfies Meta<typeof Sheet>;

export default meta;
type Story = StoryObj<typeof meta>;

function RepaymentFields() {
  return (
    <>
      <Select
        label="회차"
        value="2"
        onValueChange={() => {}}
        options={[
          { value: "2", label: "2회차 · 2026-05-02" },
          { value: "3", label: "3회차 · 2026-07-15" },
        ]}
      />
      <MoneyField label="이번 상환 금액" unit="원" value={100_000} onValueChange={() => {}} />
      <DateField label="실제 상환일" value="2026-05-03" onValueChange={() => {}} />
    </>
  );
}

/** A repayment form in a sheet; the close button and Escape both close it. */
export const RepaymentForm: Story = {
  args: {
    onSubmit: fn(),
    children: <RepaymentFields />,
    actions: (
      <Button type="submit" size="lg">
        상환 등록
      </Button>
    ),
  },
  play: async ({ canvasElement, args }) => {
    const sheet = within(canvasElement.ownerDocument.body).getByRole("dialog", {
      name: "상환 등록",
    });
    await userEvent.click(within(sheet).getByRole("button", { name: "상환 등록" }));
    await expect(args.onSubmit).toHaveBeenCalledTimes(1);
    await userEvent.click(within(sheet).getByRole("button", { name: "닫기" }));
    await expect(args.onClose).toHaveBeenCalledTimes(1);
    sheet.dispatchEvent(new Event("cancel", { cancelable: true }));
    await expect(args.onClose).toHaveBeenCalledTimes(2);
  },
};
export const LongTitles: Story = {
  args: {
    title: "연체 이자를 포함한 미상환 금액 전액에 대한 감면 등록",
    description:
      "아주 긴 계약 이름이 들어간 김민수 님의 사업 운영 자금 대출 · 10회차 미상환 ₩12,345,678,900",
    children: <RepaymentFields />,
  },
};
export const Chinese: Story = {
  globals: { locale: "zh-TW" },
  args: {
    title: "登記還款",
    description: "陳小明借款 · 第 2 期未還 NT$24,118",
    children: <RepaymentFields />,
  },
};
