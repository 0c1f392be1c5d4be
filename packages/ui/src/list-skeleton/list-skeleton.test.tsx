import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ListSkeleton } from "./list-skeleton";

describe("ListSkeleton", () => {
  it("shows the given number of placeholder cards under one announced label", () => {
    const { container } = render(<ListSkeleton count={4} label="불러오는 중" />);
    expect(screen.getByRole("status", { name: "불러오는 중" })).toBeTruthy();
    expect(container.querySelectorAll(".cy-list-skeleton__card")).toHaveLength(4);
  });
});
