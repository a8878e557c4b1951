import { readFileSync } from "node:fs";

/**
 * The product schema's tables that have a user or customer column (issue 40's export coverage),
 * found by reading server/db/schema.ts, not from a typed list: each `pgTable("name", …)` with the
 * columns whose database names are `user_id`, `customer_id` or end in `_user_id` / `_customer_id`
 * (a card provider's own `stripe_customer_id` is not ours and does not count).
 */
export function tablesWithPersonColumns(source = readFileSync("server/db/schema.ts", "utf8")): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const starts = [...source.matchAll(/pgTable\(\s*"([a-z_]+)"/g)];
  for (const [i, match] of starts.entries()) {
    const body = source.slice(match.index, starts[i + 1]?.index ?? source.length);
    const columns = [...body.matchAll(/\w+\("([a-z_]+)"/g)]
      .map((m) => m[1]!)
      .filter((name) => /(^|_)(user|customer)_id$/.test(name) && !name.startsWith("stripe_"));
    if (columns.length > 0) found.set(match[1]!, [...new Set(columns)]);
  }
  return found;
}
