import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { NetworkNotice } from "./network-notice";

afterEach(cleanup);

describe("NetworkNotice", () => {
  it("slow: a spinner and the built-in Korean text, in a live region that stays", () => {
    const { container, rerender } = render(<NetworkNotice visible />);
    expect(screen.getByRole("status").textContent).toMatch(/네트워크/);
    expect(container.querySelector(".cy-network-notice__spinner")).not.toBeNull();
    rerender(<NetworkNotice visible={false} />);
    expect(screen.getByRole("status").textContent).toBe("");
  });

  it("offline: a static icon instead of the spinner, below the header", () => {
    const { container } = render(
      <NetworkNotice visible kind="offline" message="인터넷에 연결되어 있지 않습니다" />,
    );
    expect(screen.getByRole("status").textContent).toBe("인터넷에 연결되어 있지 않습니다");
    expect(container.querySelector(".cy-network-notice--offline svg")).not.toBeNull();
    expect(container.querySelector(".cy-network-notice__spinner")).toBeNull();
  });
});
