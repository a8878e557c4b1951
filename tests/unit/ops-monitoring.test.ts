/**
 * Issue 41, scope 4 (decision 0072): the alert rules and the Grafana dashboard are checked, so a
 * renamed metric or a broken rule breaks the build.
 * - promtool (Debian's prometheus package; .ci/run installs it): `check rules`, `check config` on
 *   the example scrape configuration, and `test rules` (alerts.test.yml: each alert fires on bad
 *   series and not on healthy ones). Skipped only where promtool is absent and CI is not set.
 * - every metric the rules and the dashboard name exists in the registry (server/lib/metrics.ts),
 *   a histogram's _bucket, _count and _sum only on a histogram;
 * - the dashboard: a Prometheus datasource variable, every panel's targets with an expression.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { registry } from "../../server/lib/metrics";

const DIR = path.resolve("ops/prometheus");
const rules = readFileSync(path.join(DIR, "alerts.yml"), "utf8");
const ruleTests = readFileSync(path.join(DIR, "alerts.test.yml"), "utf8");
const dashboard = JSON.parse(readFileSync(path.resolve("ops/grafana/keyfree.json"), "utf8")) as Dashboard;

type Target = { expr?: string; refId?: string; datasource?: { uid?: string } };
type Panel = { id: number; type: string; title: string; datasource?: { uid?: string }; targets?: Target[] };
type Dashboard = { templating: { list: { name: string; type: string; query: unknown }[] }; panels: Panel[] };

const alertNames = [...rules.matchAll(/^\s*- alert: (\w+)$/gm)].map((m) => m[1]!);
const graphPanels = dashboard.panels.filter((p) => p.type !== "row");

const promtool = spawnSync("promtool", ["--version"]).status === 0;
const inCi = Boolean(process.env.CI);

function run(args: string[], cwd = DIR) {
  const result = spawnSync("promtool", args, { cwd, encoding: "utf8" });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe("promtool", () => {
  it.runIf(inCi && !promtool)("is installed in CI (.ci/run installs Debian's prometheus package)", () => {
    expect(promtool, "promtool on the PATH").toBe(true);
  });

  describe.runIf(promtool)("checks", () => {
    it("the alert rules", () => {
      const checked = run(["check", "rules", "alerts.yml"]);
      expect(checked.output).toContain(`SUCCESS: ${alertNames.length} rules found`);
      expect(checked.status).toBe(0);
    });

    it("the example scrape configuration (its token file made for the check)", () => {
      const dir = mkdtempSync(path.join(tmpdir(), "keyfree-prometheus-"));
      try {
        const token = path.join(dir, "token");
        writeFileSync(token, "a-metrics-token-of-32-characters\n");
        const config = readFileSync(path.join(DIR, "prometheus.yml"), "utf8");
        expect(config).toContain("credentials_file: /etc/prometheus/keyfree-metrics-token");
        writeFileSync(path.join(dir, "prometheus.yml"), config.replace("/etc/prometheus/keyfree-metrics-token", token));
        copyFileSync(path.join(DIR, "alerts.yml"), path.join(dir, "alerts.yml"));
        const checked = run(["check", "config", "prometheus.yml"], dir);
        expect(checked.output).toContain("SUCCESS: 1 rule files found");
        expect(checked.status).toBe(0);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it("each alert fires on its bad series and not on healthy ones (alerts.test.yml)", () => {
      const tested = run(["test", "rules", "alerts.test.yml"]);
      expect(tested.output).toContain("SUCCESS");
      expect(tested.status).toBe(0);
    });
  });
});

describe("the alert rules", () => {
  it("have each a case in alerts.test.yml, a summary, a description and a runbook, and a row in the README", () => {
    expect(alertNames).toHaveLength(7);
    const readme = readFileSync(path.resolve("README.md"), "utf8");
    for (const name of alertNames) {
      expect(ruleTests, name).toMatch(new RegExp(`alertname: ${name}\\n\\s+exp_alerts:`));
      const rule = rules.slice(rules.indexOf(`- alert: ${name}`)).split(/\n\s+- alert: /)[0]!;
      for (const annotation of ["summary", "description", "runbook"]) expect(rule, `${name}: ${annotation}`).toMatch(new RegExp(`\\n\\s+${annotation}: "`));
      expect(readme, `${name} in the README's table`).toContain(`| \`${name}\``);
    }
  });
});

describe("the Grafana dashboard", () => {
  it("reads a Prometheus datasource variable, and every panel has targets with an expression", () => {
    expect(dashboard.templating.list.find((v) => v.name === "datasource")).toMatchObject({ type: "datasource", query: "prometheus" });
    expect(graphPanels.length).toBeGreaterThanOrEqual(12);
    expect(new Set(dashboard.panels.map((p) => p.id)).size).toBe(dashboard.panels.length);
    for (const panel of graphPanels) {
      expect(panel.datasource?.uid, panel.title).toBe("${datasource}");
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
      for (const target of panel.targets ?? []) {
        expect(target.expr?.trim(), `${panel.title} ${target.refId}`).toBeTruthy();
        expect(target.datasource?.uid).toBe("${datasource}");
      }
    }
  });
});

describe("the metric names", () => {
  it("every one the rules and the dashboard use is in the registry (a renamed metric breaks the build)", async () => {
    const types = new Map((await registry.getMetricsAsJSON()).map((m) => [m.name, String(m.type)]));
    const exprs = [rules, ...graphPanels.flatMap((p) => (p.targets ?? []).map((t) => t.expr ?? ""))].join("\n");
    const used = new Set([...exprs.matchAll(/\b(?:keyfree|process|nodejs)_[a-z0-9_]+/g)].map((m) => m[0]));
    expect(used.size).toBeGreaterThan(15);
    for (const name of used) {
      const histogramPart = /^(.+)_(bucket|count|sum)$/.exec(name);
      if (histogramPart && !types.has(name)) {
        expect(types.get(histogramPart[1]!), `${name}: ${histogramPart[1]} is a histogram`).toBe("histogram");
      } else {
        expect(types.has(name), `${name} is registered`).toBe(true);
      }
    }
  });
});
