// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Flash } from "../../app/components/flash";

function renderFlash(type: "success" | "error" = "success") {
  const Stub = createRoutesStub([
    { path: "/", Component: () => <Flash flash={{ type, message: "Success! Item removed" }} /> },
  ]);
  return render(<Stub initialEntries={["/"]} />);
}

describe("flash messages (part 1 §2.1, §9: 5000 ms, countdown every 100 ms)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it("counts down 'This will disappear in Ns' and goes after 5 seconds", () => {
    renderFlash();
    expect(screen.getByText("Success! Item removed")).toBeTruthy();
    expect(screen.getByText("This will disappear in 5s")).toBeTruthy();
    act(() => vi.advanceTimersByTime(1100));
    expect(screen.getByText("This will disappear in 4s")).toBeTruthy();
    act(() => vi.advanceTimersByTime(3950));
    expect(screen.queryByText("Success! Item removed")).toBeNull();
  });

  it("pauses while the pointer is on it", () => {
    renderFlash();
    fireEvent.mouseEnter(screen.getByText("Success! Item removed").closest(".flash")!);
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByText("Success! Item removed")).toBeTruthy();
    fireEvent.mouseLeave(screen.getByText("Success! Item removed").closest(".flash")!);
    act(() => vi.advanceTimersByTime(5_100));
    expect(screen.queryByText("Success! Item removed")).toBeNull();
  });

  it("is dismissed by its Dismiss link", () => {
    renderFlash();
    fireEvent.click(screen.getByRole("link", { name: "Dismiss message" }));
    expect(screen.queryByText("Success! Item removed")).toBeNull();
  });

  it("errors are announced at once (role alert); other messages politely", () => {
    renderFlash("error");
    expect(screen.getByRole("alert").textContent).toContain("Error: Success! Item removed");
  });
});
