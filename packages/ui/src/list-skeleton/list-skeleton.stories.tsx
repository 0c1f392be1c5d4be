import type { Meta, StoryObj } from "@storybook/react-vite";
import { componentDocs } from "../story-fixtures/docs";
import { ListSkeleton } from "./list-skeleton";

const meta = {
  title: "Basics/ListSkeleton",
  parameters: componentDocs({
    summary: "Grey placeholder cards where a list's rows will be, while its first page loads.",
    do: [
      "Use it for the first load of a list, in the shape of the rows that will come.",
      "Give it a translated `label` ('loading') for screen readers.",
    ],
    dont: [
      "Don't show a bare 'loading' line instead.",
      "Don't keep it on screen after a failure: switch to the error state.",
    ],
  }),
  component: ListSkeleton,
  args: { label: "불러오는 중…" },
} satisfies Meta<typeof ListSkeleton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ThreeCards: Story = {};
export const OneCard: Story = { args: { count: 1 } };
