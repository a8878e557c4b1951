/**
 * Every promise is kept (issue 38 scope 1, decision 0058). Each sentence in app/, common/,
 * server/domain/ and the server's e-mail and text templates that promises a future action of ours
 * ("we will e-mail you", "we'll let you know", "we will contact your agent", "you will receive a
 * link", "is refunded") maps to the mechanism that does it (tests/fixtures/promise-map.ts): a notice
 * kind, an e-mail template, an e-mail to the agent or landlord, a record, or a back-office list. The
 * scanner is shown failing on a planted page (tests/fixtures/promises/).
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { NOTICES } from "../../server/domain/notices";
import { PROMISE_MAP } from "../fixtures/promise-map";
import { findPromises, mechanismProblem, producedBy, promisesIn, scannedFiles, staleEntries, unmapped, type Entry } from "../helpers/promises";

const ROOT = path.resolve(__dirname, "../..");
const files = scannedFiles(ROOT);
const found = findPromises(ROOT, files);
const produced = producedBy(ROOT, Object.keys(NOTICES));

describe("every promise on a page, in an e-mail or a text message is kept", () => {
  it("scans the pages, the rule book, the domain and every server file that builds an e-mail or a text, found by what it calls", () => {
    for (const file of ["app/routes/inventory/tenant-vacated.tsx", "common/payment-plan-calendar.ts", "server/domain/notices/catalogue-claims.ts"]) {
      expect(files.map((f) => f.split(path.sep).join("/"))).toContain(file);
    }
    // Found by scanning: the files that queue e-mails, outside the domain.
    for (const file of ["server/payments/refund-email.ts", "server/inventory/service.ts", "server/inventory/vacated.ts", "server/plan-requests/service.ts"]) {
      expect(files.map((f) => f.split(path.sep).join("/"))).toContain(file);
    }
    expect(found.length).toBeGreaterThanOrEqual(50);
  });

  it("each promise maps to a mechanism (tests/fixtures/promise-map.ts)", () => {
    expect(unmapped(found, PROMISE_MAP).map((p) => `${p.file}: "${p.sentence}"`)).toEqual([]);
  });

  it("each mapped mechanism is produced by the product: a notice queued, a template queued, an agent's e-mail, a table written, an ops command", () => {
    const problems = PROMISE_MAP.map((e) => [e, mechanismProblem(e, produced)] as const)
      .filter(([, problem]) => problem !== null)
      .map(([e, problem]) => `${e.file} "${e.fragment}": ${problem}`);
    expect(problems).toEqual([]);
  });

  it("no entry is stale: each fragment is still a promise in its file", () => {
    expect(staleEntries(found, PROMISE_MAP).map((e) => `${e.file}: "${e.fragment}"`)).toEqual([]);
  });
});

describe("the scanner, on a planted page (tests/fixtures/promises/)", () => {
  const planted = "tests/fixtures/promises/planted-page.tsx";
  const plantedFound = findPromises(ROOT, [planted]);
  const mapped: Entry = { file: planted, fragment: "We'll let you know by text message once the adjudicator", mechanism: { notice: "ADJUDICATION_DECIDED" } };

  it("finds the promises across tags and entities, and not the sentences that promise nothing", () => {
    expect(plantedFound.map((p) => p.sentence)).toEqual([
      "We will e-mail you when your landlord answers.",
      "We'll let you know by text message once the adjudicator has decided.",
    ]);
  });

  it("fails on the planted 'We will e-mail you…' that nothing maps, naming its file and sentence", () => {
    expect(unmapped(plantedFound, [mapped])).toEqual([{ file: planted, sentence: "We will e-mail you when your landlord answers." }]);
  });

  it("fails on a mechanism nothing produces, of each kind", () => {
    const never = (mechanism: Entry["mechanism"]) => mechanismProblem({ ...mapped, mechanism }, produced);
    expect(never({ notice: "NOT_A_KIND" })).toBe("notice NOT_A_KIND is not in the catalogue");
    expect(never({ template: "NEVER_QUEUED" })).toBe('no e-mail is ever queued with template "NEVER_QUEUED"');
    expect(never({ agentEmail: "RESET_PASSWORD" })).toBe('no e-mail to the agent or landlord (queueAgentEmail) has template "RESET_PASSWORD"');
    expect(never({ record: "noSuchTable" })).toBe("noSuchTable is not a table of server/db/schema.ts");
    expect(never({ opsList: "no-such-command" })).toBe('there is no ops command "no-such-command"');
    expect(never({ notice: "ADJUDICATION_DECIDED" })).toBeNull();
    // A kind in the catalogue that no server code queues.
    const withoutQueue = { ...produced, notices: new Set<string>() };
    expect(mechanismProblem(mapped, withoutQueue)).toBe("notice ADJUDICATION_DECIDED is never queued by server code");
    // A table nothing writes.
    expect(mechanismProblem({ ...mapped, mechanism: { record: "users" } }, { ...produced, written: new Set<string>() })).toBe("product code never writes to users");
  });

  it("fails on a stale entry whose fragment is no longer in its file", () => {
    const stale: Entry = { ...mapped, fragment: "We will post you a letter" };
    expect(staleEntries(plantedFound, [mapped, stale])).toEqual([stale]);
  });

  it("reads a sentence split over lines and a curly apostrophe as one", () => {
    expect(promisesIn("<p>\n  We’ll contact your\n  agent today.\n</p>")).toEqual(["We'll contact your agent today."]);
    expect(promisesIn('const s = "You will receive a confirmation e-mail shortly.";')).toEqual(["You will receive a confirmation e-mail shortly."]);
    expect(promisesIn("// We will e-mail you (a comment)\nconst x = 1;")).toEqual([]);
  });
});
