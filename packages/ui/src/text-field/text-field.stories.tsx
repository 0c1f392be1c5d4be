import type { Meta, StoryObj } from "@storybook/react-vite";
import { componentDocs } from "../story-fixtures/docs";
import { TextField } from "./text-field";

const meta = {
  title: "Basics/TextField",
  parameters: componentDocs({
    summary:
      "A one-line text input with label, required mark, hint, error and an optional unit suffix.",
    do: [
      "Always give a visible `label`; add `hint` for the expected format.",
      "Use the right `type` / `inputMode` (tel, numeric, decimal) for the phone's keyboard.",
    ],
    dont: [
      "Don't use the placeholder as the label.",
      "Don't clear what the person typed when showing an error.",
    ],
  }),
  component: TextField,
  args: { label: "휴대폰 번호", placeholder: "01012345678", type: "tel", autoComplete: "tel" },
} satisfies Meta<typeof TextField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Filled: Story = { args: { defaultValue: "01012345678" } };
export const WithHint: Story = {
  args: {
    label: "긴급 연락처 휴대폰",
    hint: "유효한 휴대폰 번호를 입력하세요. 잘못된 번호는 신청 실패의 원인이 됩니다.",
  },
};
export const ErrorState: Story = { args: { required: true, error: "입력해 주세요" } };
export const Disabled: Story = { args: { disabled: true, defaultValue: "01012345678" } };
export const WithSuffix: Story = {
  args: { label: "연체 이율", suffix: "%", inputMode: "decimal", defaultValue: "20", type: "text" },
};
export const LongChinese: Story = {
  globals: { locale: "zh-TW" },
  args: {
    label: "詳細地址（請填寫身分證上的完整戶籍地址，包含縣市、鄉鎮市區、村里、鄰、街路段巷弄號樓）",
    hint: "請使用有效的手機號碼，無效號碼將導致申請失敗",
    placeholder: "",
    type: "text",
  },
};
