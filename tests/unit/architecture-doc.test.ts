/**
 * docs/architecture.md stays true (issue 37): its table of areas names every folder of server/
 * that is an area, each with its door as it is (index.ts, or "—" where the area has none), and
 * its table of stand-ins names every folder of stand-ins/. A folder added, moved or given a door
 * without the page saying so fails here.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const page = readFileSync(path.join(ROOT, "docs/architecture.md"), "utf8");
const folders = (dir: string) =>
  readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

/** The rows of the table under `heading`: its first and second cells, backticks removed. */
function rows(heading: string): [string, string][] {
  const section = page.split(`## ${heading}\n`)[1]?.split("\n## ")[0] ?? "";
  return section
    .split("\n")
    .filter((line) => line.startsWith("| `"))
    .map((line) => line.split("|").map((cell) => cell.trim().replace(/`/g, "")))
    .map((cells) => [cells[1]!, cells[2]!]);
}

const NOT_AREAS = (/Not areas: (.+)\./.exec(page)?.[1] ?? "").split(",").map((name) => name.trim().replace(/`/g, ""));

describe("docs/architecture.md", () => {
  it("names every area of server/ with its door as it is, and every other folder as not an area", () => {
    const areas = rows("Areas and their doors");
    expect(areas.length).toBeGreaterThan(10);
    expect([...areas.map(([name]) => name), ...NOT_AREAS].sort()).toEqual(folders("server"));
    for (const [name, door] of areas) {
      const hasDoor = existsSync(path.join(ROOT, "server", name, "index.ts"));
      expect({ name, door }).toEqual({ name, door: hasDoor ? "index.ts" : "—" });
    }
  });

  it("names every stand-in folder", () => {
    expect(rows("Stand-ins").map(([name]) => name).sort()).toEqual(folders("stand-ins"));
  });
});
