// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import Login, { loginSchema } from "../../app/routes/auth/login";

afterEach(cleanup);

function renderLogin(actionResult?: unknown) {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      loader: () => ({ csrf: "test-csrf" }),
      children: [{ path: "auth/login", Component: Login as never, action: () => actionResult ?? null }],
    },
  ]);
  return render(<Stub initialEntries={["/auth/login"]} />);
}

describe("login form (part 1 §5: email valid and required; password required)", () => {
  it.each([
    [{}, { email: ["Required"], password: ["Required"] }],
    [{ email: "x", password: "p" }, { email: ["Enter an email address in the correct format, like name@example.com"] }],
    [{ email: " a@example.test ", password: "p" }, undefined],
  ])("schema: %j → %j", (input, errors) => {
    const parsed = loginSchema.safeParse(input);
    if (!errors) {
      expect(parsed.success).toBe(true);
      expect(parsed.data?.email).toBe("a@example.test");
    } else {
      expect(parsed.success).toBe(false);
      const flat: Record<string, string[]> = {};
      for (const issue of parsed.error!.issues) (flat[issue.path.join(".")] ??= []).push(issue.message);
      expect(flat).toEqual(errors);
    }
  });

  it("shows 'There is a problem' with each error linked to its field, and focuses it", async () => {
    renderLogin();
    const button = await screen.findByRole("button", { name: "Login" });
    fireEvent.click(button);
    const summary = await screen.findByRole("alert");
    expect(summary.textContent).toContain("There is a problem");
    const links = screen.getAllByRole("link", { name: "Required" });
    expect(links.map((l) => l.getAttribute("href"))).toEqual(["#login-email", "#login-password"]);
    await waitFor(() => expect(document.activeElement).toBe(summary));
    const email = screen.getByLabelText("Email address");
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(email.getAttribute("aria-describedby")).toContain("login-email-error");
  });

  it("carries the CSRF token in a hidden field", async () => {
    renderLogin();
    await screen.findByRole("button", { name: "Login" });
    const hidden = document.querySelector('input[name="csrf"]') as HTMLInputElement;
    expect(hidden.value).toBe("test-csrf");
  });
});
