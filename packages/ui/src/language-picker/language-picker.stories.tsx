import type { Locale } from "@chayong/i18n";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, userEvent, within } from "storybook/test";
import { componentDocs } from "../story-fixtures/docs";
import { LanguagePicker } from "./language-picker";

function Controlled({ initial }: { initial: Locale }) {
  const [locale, setLocale] = useState<Locale>(initial);
  return <LanguagePicker value={locale} onChange={setLocale} />;
}

const meta = {
  title: "Service/LanguagePicker",
  parameters: componentDocs({
    summary: "The choice between 한국어 and 繁體中文, each named in its own language.",
    do: ["Apply the change at once and remember it."],
    dont: [
      "Don't translate the language names into the current language.",
      "Don't offer languages the catalogs do not complete.",
    ],
  }),
  component: Controlled,
  args: { initial: "ko-KR" },
} satisfies Meta<typeof Controlled>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Korean: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByText("繁體中文"));
    await expect(canvas.getByRole("radio", { name: "繁體中文" })).toBeChecked();
  },
};
export const Chinese: Story = { globals: { locale: "zh-TW" }, args: { initial: "zh-TW" } };
