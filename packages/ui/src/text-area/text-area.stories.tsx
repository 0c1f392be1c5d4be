import type { Meta, StoryObj } from "@storybook/react-vite";
import { componentDocs } from "../story-fixtures/docs";
import { TextArea } from "./text-area";

const meta = {
  title: "Basics/TextArea",
  parameters: componentDocs({
    summary: "A text input that grows with its text: an address, a reason. Nothing is cut off.",
    do: ["Use it for text that can run past one line on a 360 px phone (an address, a note)."],
    dont: [
      "Don't use it for a phone number or an amount: those are one line, with their keyboard.",
    ],
  }),
  component: TextArea,
  args: { label: "주소", autoComplete: "street-address" },
} satisfies Meta<typeof TextArea>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const LongAddress: Story = {
  args: {
    defaultValue:
      "경기도 성남시 분당구 판교역로 235 에이치스퀘어 엔동 7층 (삼평동, 판교테크노밸리)",
  },
};
export const ErrorState: Story = { args: { required: true, error: "주소를 입력해 주세요" } };
export const LongChinese: Story = {
  globals: { locale: "zh-TW" },
  args: { label: "地址", defaultValue: "臺北市信義區信義路五段7號89樓(台北101大樓觀景台服務處)" },
};
