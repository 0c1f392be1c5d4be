import type { Meta, StoryObj } from "@storybook/react-vite";
import { componentDocs } from "../story-fixtures/docs";
import { contractStatusCodes, StatusBadge } from "./status-badge";

const meta = {
  title: "Basics/StatusBadge",
  parameters: componentDocs({
    summary: "A contract's status (type1-type6) as a short coloured label with a dot.",
    do: ["Use the translated status names; pass `label` only for a special case."],
    dont: [
      "Don't rely on its colour alone: the text names the status.",
      "Don't invent statuses the domain does not have.",
    ],
  }),
  component: StatusBadge,
  args: { status: "type1" },
  argTypes: { status: { control: "select", options: contractStatusCodes } },
} satisfies Meta<typeof StatusBadge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Single: Story = {};
export const AllStatuses: Story = {
  render: () => (
    <div style={{ display: "flex", flexWrap: "wrap", gap: 8 }}>
      {contractStatusCodes.map((status) => (
        <StatusBadge key={status} status={status} />
      ))}
    </div>
  ),
};
export const Overdue: Story = { args: { status: "type4" } };
export const CustomLabel: Story = { args: { status: "type5", label: "已結清" } };
