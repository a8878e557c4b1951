import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseForm } from "../../app/lib/forms.server";

const schema = z.object({
  email: z.string({ error: "Required" }).trim().pipe(z.email({ error: "Enter an email address" })),
  password: z.string({ error: "Required" }),
});

function post(fields: Record<string, string>) {
  const body = new URLSearchParams(fields);
  return new Request("http://localhost/x", { method: "POST", body, headers: { "content-type": "application/x-www-form-urlencoded" } });
}

describe("parseForm (the one server helper behind every form)", () => {
  it("a valid post gives the schema's output", async () => {
    const form = await parseForm(post({ email: " a@example.test ", password: "p", csrf: "t" }), schema);
    expect(form.ok && form.value).toEqual({ email: "a@example.test", password: "p" });
  });

  it("an invalid post is a 400 that re-renders the form: each field's error, the values kept, passwords cleared", async () => {
    const request = post({ email: "nope", password: "secret" });
    const form = await parseForm(request, schema, { hideFields: ["password"] });
    expect(form.ok).toBe(false);
    if (form.ok) return;
    expect(form.invalid.init?.status).toBe(400);
    const { result, attempt } = form.invalid.data;
    expect(result.error).toEqual({ email: ["Enter an email address"] });
    expect(result.initialValue).toMatchObject({ email: "nope" });
    expect(result.initialValue).not.toHaveProperty("password");
    expect(attempt).toBeGreaterThan(0);
    // The request's body is still there for whatever reads it next (remix-auth's strategy).
    expect((await request.formData()).get("email")).toBe("nope");
  });

  it("reply answers the API's refusal as a form error, with the status given", async () => {
    const form = await parseForm(post({ email: "a@example.test", password: "x" }), schema, { hideFields: ["password"] });
    if (!form.ok) throw new Error("expected a valid form");
    const refused = form.reply({ formErrors: ["Wrong email or password"] }, 429);
    expect(refused.init?.status).toBe(429);
    expect(refused.data.result.error).toEqual({ "": ["Wrong email or password"] });
  });
});
