import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { chooseIdentityProvider } from "#common/identity-provider";
import { readWebConfig } from "../../app/lib/env.server";
import { identityProviderSettings } from "../../app/lib/oidc-settings.server";
import { readApiConfig } from "../../server/config";

const ALL = { OIDC_ISSUER: "https://login.example.com", OIDC_CLIENT_ID: "keyfree", OIDC_CLIENT_SECRET: "s3cret" };
const PROD = { NODE_ENV: "production", SESSION_SECRET: "p".repeat(32) } as const;
const where = { isProduction: true, appUrl: "https://app.example" };

describe("identity provider configuration (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET: all or none)", () => {
  it.each([
    [{ OIDC_ISSUER: ALL.OIDC_ISSUER }, "OIDC_CLIENT_ID, OIDC_CLIENT_SECRET"],
    [{ OIDC_CLIENT_ID: "x", OIDC_CLIENT_SECRET: "y" }, "OIDC_ISSUER"],
    [{ ...ALL, OIDC_CLIENT_SECRET: " " }, "OIDC_CLIENT_SECRET"],
  ])("refuses %j, naming what is missing", (env, missing) => {
    expect(() => chooseIdentityProvider(env, where)).toThrow(`missing: ${missing}.`);
    expect(() => readApiConfig({ ...PROD, ...env })).toThrow(/OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together/);
    expect(() => readWebConfig({ ...PROD, ...env })).toThrow(/OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together/);
    // Outside production too: half a configuration is a mistake wherever it is made.
    expect(() => readApiConfig({ NODE_ENV: "development", ...env })).toThrow(/missing/);
  });

  it("refuses an issuer that is not a URL, or not https in production", () => {
    expect(() => chooseIdentityProvider({ ...ALL, OIDC_ISSUER: "login.example.com" }, where)).toThrow(/issuer URL/);
    expect(() => chooseIdentityProvider({ ...ALL, OIDC_ISSUER: "http://login.example.com" }, where)).toThrow(/https/);
    expect(chooseIdentityProvider({ ...ALL, OIDC_ISSUER: "http://localhost:9000" }, { ...where, isProduction: false }).kind).toBe("external");
  });

  it("uses the three variables when all are set; the API learns the issuer and client id, never the secret", () => {
    expect(chooseIdentityProvider(ALL, where)).toEqual({ kind: "external", issuer: ALL.OIDC_ISSUER, clientId: "keyfree", clientSecret: "s3cret" });
    expect(readApiConfig({ ...PROD, ...ALL }).identityProvider).toEqual({ issuer: ALL.OIDC_ISSUER, clientId: "keyfree" });
  });

  it("without any of them: the embedded development provider outside production, none in production", () => {
    expect(chooseIdentityProvider({}, { isProduction: false, appUrl: "http://localhost:3000/" })).toEqual({
      kind: "embedded",
      issuer: "http://localhost:3000/dev/idp",
      clientId: "keyfree-dev",
    });
    expect(readApiConfig({ APP_URL: "http://localhost:4100" }).identityProvider).toEqual({
      issuer: "http://localhost:4100/dev/idp",
      clientId: "keyfree-dev",
    });
    expect(chooseIdentityProvider({}, where)).toEqual({ kind: "none" });
    expect(readApiConfig(PROD).identityProvider).toBeUndefined();
  });

  it("the web server refuses to start with only some of them set", () => {
    const run = spawnSync(process.execPath, ["--import", "tsx", "web-server.ts"], {
      env: { ...process.env, NODE_ENV: "production", SESSION_SECRET: "p".repeat(32), OIDC_ISSUER: ALL.OIDC_ISSUER, OIDC_CLIENT_ID: "", OIDC_CLIENT_SECRET: "", PORT: "0" },
      encoding: "utf8",
      timeout: 90_000,
    });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain("missing: OIDC_CLIENT_ID, OIDC_CLIENT_SECRET.");
  }, 120_000);

  it("the embedded provider's client secret: DEV_IDP_CLIENT_SECRET when set (the host sets it from the database), so instances with their own data folders agree", () => {
    const folders = [mkdtempSync(path.join(tmpdir(), "idp-secret-a-")), mkdtempSync(path.join(tmpdir(), "idp-secret-b-"))];
    try {
      const shared = "s".repeat(43);
      const given = folders.map((DATA_DIR) => identityProviderSettings({ NODE_ENV: "test", DATA_DIR, DEV_IDP_CLIENT_SECRET: shared })?.clientSecret);
      expect(given).toEqual([shared, shared]);
      expect(folders.map((dir) => existsSync(path.join(dir, "dev-idp-secret")))).toEqual([false, false]);
      // Without it, each data folder makes a secret of its own: two instances would not agree.
      const made = folders.map((DATA_DIR) => identityProviderSettings({ NODE_ENV: "test", DATA_DIR })?.clientSecret);
      expect(made[0]).not.toBe(made[1]);
    } finally {
      for (const dir of folders) rmSync(dir, { recursive: true, force: true });
    }
  });
});
