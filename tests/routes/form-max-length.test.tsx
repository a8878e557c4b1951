// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { TEXT_LIMITS } from "#common/input";
import Login from "../../app/routes/auth/login";

afterEach(cleanup);

describe("a form's inputs carry the API's length limits (issue 23, app/lib/text-rules.ts)", () => {
  it("the login form: the e-mail input has maxLength; the password input none (a browser would cut a pasted password short), its schema the limit", async () => {
    const Stub = createRoutesStub([
      { id: "root", path: "/", loader: () => ({ csrf: "test-csrf" }), children: [{ path: "auth/login", Component: Login as never }] },
    ]);
    render(<Stub initialEntries={["/auth/login"]} />);
    const email = (await screen.findByLabelText("Email address")) as HTMLInputElement;
    expect(email.maxLength).toBe(TEXT_LIMITS.email);
    // -1: no maxLength attribute.
    expect((screen.getByLabelText("Password") as HTMLInputElement).maxLength).toBe(-1);
  });
});
