import { TabBar } from "@chayong/ui";
import { useLingui } from "@lingui/react";
import { useMatches, useNavigate } from "@tanstack/react-router";

const tabs = {
  order: { to: "/pages/order/index", labelId: "tab.orderList" },
  me: { to: "/pages/me/index", labelId: "tab.me" },
} as const;

type TabKey = keyof typeof tabs;

/** Which tab the current page belongs to, if it shows the tab bar at all. */
export function useCurrentTab(): TabKey | undefined {
  return useMatches({
    select: (matches) => matches.findLast((match) => match.staticData?.tab)?.staticData.tab,
  });
}

/** The two tabs of docs/screens.md#tab-bar, order list then me, labelled in the active language. */
export function AppTabBar({ selected }: { selected: TabKey }) {
  const { _ } = useLingui();
  const navigate = useNavigate();
  return (
    <TabBar
      items={(Object.keys(tabs) as TabKey[]).map((key) => ({
        key,
        label: _(tabs[key].labelId),
        icon: key === "order" ? <OrderIcon /> : <MeIcon />,
      }))}
      selectedKey={selected}
      onSelect={(key) => {
        if (key !== selected) void navigate({ to: tabs[key].to, replace: true });
      }}
    />
  );
}

function OrderIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <rect x="5" y="3" width="14" height="18" rx="2" />
      <path d="M9 8h6M9 12h6M9 16h4" strokeLinecap="round" />
    </svg>
  );
}

function MeIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" strokeLinecap="round" />
    </svg>
  );
}
