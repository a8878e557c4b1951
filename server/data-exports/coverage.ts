/**
 * Which export file holds each table of the tenant's rows (issue 40, decision 0069), or why a
 * table with a user or customer column is not in the export. tests/unit/data-export-coverage.test.ts
 * reads server/db/schema.ts for every table with such a column and fails unless it is here;
 * tests/api/data-exports.test.ts checks that each of a tenant's rows is in the file named.
 */
import { EXPORT_FILES } from "./contents";

/** Tables with a user or customer column that the export leaves out, and why. None today. */
export const NOT_IN_EXPORT: Readonly<Record<string, string>> = {};

/** Tables ./archive.ts writes itself, beside their files: the documents' rows, with each file's name in the ZIP. */
const WRITTEN_WITH_THE_FILES: Readonly<Record<string, string>> = { documents: "documents.json" };

/** Table name → the export file whose list of that name holds the tenant's rows. */
export function exportCoverage(): Map<string, string> {
  const coverage = new Map<string, string>(Object.entries(WRITTEN_WITH_THE_FILES));
  for (const file of EXPORT_FILES) for (const table of Object.keys(file.tables)) coverage.set(table, file.name);
  return coverage;
}
