import type { RawApi } from "~/lib/api.server";

export type PasswordLinkKind = "RESET" | "SET";
export type PasswordLink =
  | { usable: true; token: string; email: string | undefined }
  | { usable: false; state: "INVALID" | "USED" | "EXPIRED"; message: string };

const MISSING: Record<PasswordLinkKind, string> = {
  RESET: "This password reset link is not valid. Please request a new one.",
  SET: "This link to set your password is not valid. Use 'Forgot password?' on the login page to get a new one.",
};

/**
 * The token and email of an e-mailed link (/auth/reset-password?token=…&email=…), checked
 * with the API: usable, or why not (the API's words). Checking changes nothing.
 */
export async function readPasswordLink(api: RawApi, kind: PasswordLinkKind, url: URL): Promise<PasswordLink> {
  const token = url.searchParams.get("token")?.trim() ?? "";
  const email = url.searchParams.get("email")?.trim() || undefined;
  // A reset link always names its email; an invitation's may leave it out (the API allows both).
  if (!token || token.length > 200 || (email !== undefined && email.length > 254) || (kind === "RESET" && !email)) {
    return { usable: false, state: "INVALID", message: MISSING[kind] };
  }
  const { data, response } = await api.POST("/auth/password-link", { body: { kind, token, email } });
  if (response.status === 400) return { usable: false, state: "INVALID", message: MISSING[kind] };
  if (!data) throw new Error(`checkPasswordLink answered ${response.status}`);
  if (data.state === "USABLE") return { usable: true, token, email };
  return { usable: false, state: data.state, message: data.message ?? MISSING[kind] };
}

/** The API's message for the password field, when it refused the password itself (say, a common one). */
export function passwordIssue(error: unknown): string | undefined {
  if (!error || typeof error !== "object" || !("issues" in error) || !Array.isArray(error.issues)) return undefined;
  const issue = (error.issues as Array<{ path?: unknown; message?: unknown }>).find((i) => i.path === "password");
  return typeof issue?.message === "string" ? issue.message : undefined;
}
