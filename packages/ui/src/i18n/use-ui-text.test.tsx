import { createI18n, hasMessage, isBootMessage } from "@chayong/i18n";
import { I18nProvider } from "@lingui/react";
import { act, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { StatusBadge } from "../status-badge/status-badge";
import { uiMessageIds } from "./ui-messages";

describe("the kit's built-in strings", () => {
  it("all exist in the catalogs", () => {
    expect(uiMessageIds.filter((id) => !hasMessage(id))).toEqual([]);
  });

  it("are all in the boot part of the catalogs, the only part the Korean fallback carries", () => {
    expect(uiMessageIds.filter((id) => !isBootMessage(id))).toEqual([]);
  });

  it("are Korean without a provider and follow the provider's locale", () => {
    const { unmount } = render(<StatusBadge status="type4" />);
    expect(screen.getByText("연체")).toBeTruthy();
    unmount();

    const i18n = createI18n("zh-TW");
    render(
      <I18nProvider i18n={i18n}>
        <StatusBadge status="type4" />
      </I18nProvider>,
    );
    expect(screen.getByText("逾期")).toBeTruthy();
    act(() => {
      i18n.activate("ko-KR");
    });
    expect(screen.getByText("연체")).toBeTruthy();
  });
});
