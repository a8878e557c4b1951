import { describe, expect, it } from "vitest";
import { clientAddressOf, trustedProxyHops } from "../../app/lib/client-address.server";
import { parseForm } from "../../app/lib/forms.server";
import { newPasswordSchema } from "../../app/routes/auth/+lib/password-forms";
import { passwordIssue } from "../../app/routes/auth/+lib/password-links.server";

function post(fields: Record<string, string>) {
  const body = new URLSearchParams(fields);
  return new Request("http://localhost/x", { method: "POST", body, headers: { "content-type": "application/x-www-form-urlencoded" } });
}

describe("Change Password / Set Password form (part 1 §5)", () => {
  it.each([
    [{}, { password: ["Required"], confirmPassword: ["Required"] }],
    [{ password: "Ab1!xyz", confirmPassword: "Ab1!xyz" }, { password: ["Minimum 8 Characters"] }],
    [{ password: "abcdefgh1", confirmPassword: "abcdefgh1" }, { password: [expect.stringMatching(/^Use at least 3 of these/)] }],
    [{ password: "Abcdefg1", confirmPassword: "Abcdefg2" }, { confirmPassword: ["Passwords must match"] }],
  ])("%j → %j, passwords never sent back", async (fields, errors) => {
    const form = await parseForm(post(fields as Record<string, string>), newPasswordSchema, { hideFields: ["password", "confirmPassword"] });
    expect(form.ok).toBe(false);
    if (form.ok) return;
    expect(form.invalid.data.result.error).toEqual(errors);
    expect(form.invalid.data.result.initialValue ?? {}).not.toHaveProperty("password");
  });

  it("takes a long passphrase (64 characters and more)", async () => {
    const password = "correct horse battery staple, Tuesday 2026, much longer than 64!";
    expect(password.length).toBeGreaterThanOrEqual(64);
    const form = await parseForm(post({ password, confirmPassword: password }), newPasswordSchema);
    expect(form.ok && form.value.password).toBe(password);
  });

  it("the API's problem with the password itself (a common one) goes on the password field", () => {
    expect(passwordIssue({ message: "Invalid request", issues: [{ path: "password", message: "This password is too common" }] })).toBe(
      "This password is too common",
    );
    expect(passwordIssue({ message: "This password reset link has expired." })).toBeUndefined();
    expect(passwordIssue(undefined)).toBeUndefined();
  });
});

describe("the browser's address for the per-address throttle", () => {
  it("is the connection's without a trusted proxy, ignoring X-Forwarded-For anyone can send", () => {
    expect(clientAddressOf("198.51.100.4", "203.0.113.1", 0)).toBe("198.51.100.4");
    expect(clientAddressOf("::1", undefined, 0)).toBe("::1");
    expect(clientAddressOf(undefined, undefined, 0)).toBeNull();
  });

  it("behind n proxies is the n-th X-Forwarded-For entry from the right", () => {
    expect(clientAddressOf("10.0.0.2", "6.6.6.6, 203.0.113.7", 1)).toBe("203.0.113.7");
    expect(clientAddressOf("10.0.0.2", "6.6.6.6, 203.0.113.7, 10.0.0.1", 2)).toBe("203.0.113.7");
    expect(clientAddressOf("10.0.0.2", "203.0.113.7", 2)).toBeNull();
    expect(clientAddressOf("10.0.0.2", "not-an-ip", 1)).toBeNull();
  });

  it("TRUST_PROXY_HOPS is a small whole number, 0 by default", () => {
    expect(trustedProxyHops({})).toBe(0);
    expect(trustedProxyHops({ TRUST_PROXY_HOPS: "2" })).toBe(2);
    expect(() => trustedProxyHops({ TRUST_PROXY_HOPS: "yes" })).toThrow(/TRUST_PROXY_HOPS/);
    expect(() => trustedProxyHops({ TRUST_PROXY_HOPS: "-1" })).toThrow(/TRUST_PROXY_HOPS/);
  });
});
