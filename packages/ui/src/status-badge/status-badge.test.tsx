import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { contractStatusCodes, StatusBadge } from "./status-badge";

describe("StatusBadge", () => {
  it("names every status in Korean without an I18nProvider", () => {
    const names = contractStatusCodes.map((status) => {
      const { container, unmount } = render(<StatusBadge status={status} />);
      const text = container.textContent;
      unmount();
      return text;
    });
    expect(names).toEqual([
      "서명 대기",
      "서명 진행 중",
      "감면 후 종결",
      "연체",
      "상환 완료",
      "상환 대기",
    ]);
  });

  it("takes a label override", () => {
    render(<StatusBadge status="type4" label="Overdue" />);
    expect(screen.getByText("Overdue").className).toContain("cy-status-badge--type4");
  });
});
