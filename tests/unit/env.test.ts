import { describe, expect, it } from "vitest";
import { readWebConfig } from "../../app/lib/env.server";
import { readApiConfig } from "../../server/config";

describe("environment, read once and validated at start-up", () => {
  it("refuses to start in production without SESSION_SECRET", () => {
    expect(() => readWebConfig({ NODE_ENV: "production" })).toThrow(/SESSION_SECRET is required in production/);
  });

  it("refuses a short SESSION_SECRET", () => {
    expect(() => readWebConfig({ NODE_ENV: "production", SESSION_SECRET: "short" })).toThrow(/at least 32/);
  });

  it("accepts several secrets for rotation, newest first", () => {
    const a = "a".repeat(32);
    const b = "b".repeat(40);
    const config = readWebConfig({ NODE_ENV: "production", SESSION_SECRET: `${a}, ${b}` });
    expect(config.sessionSecrets).toEqual([a, b]);
    expect(config.isProduction).toBe(true);
  });

  it("reads MAINTENANCE_MODE and TENANT_API_URL", () => {
    const config = readWebConfig({ SESSION_SECRET: "c".repeat(32), MAINTENANCE_MODE: "true", TENANT_API_URL: "http://api:4000" });
    expect(config.maintenanceMode).toBe(true);
    expect(config.tenantApiUrl).toBe("http://api:4000");
    expect(readWebConfig({ SESSION_SECRET: "c".repeat(32) }).maintenanceMode).toBe(false);
  });

  it("the API refuses a DATABASE_URL that is not PostgreSQL, and never mounts ops routes in production", () => {
    expect(() => readApiConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(readApiConfig({ NODE_ENV: "production" }).opsEnabled).toBe(false);
    expect(readApiConfig({}).opsEnabled).toBe(true);
  });
});
