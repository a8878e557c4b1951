/** Small helpers of `npm run bench` (scripts/bench.ts): cookies as a browser keeps them, and a plain text table. */

export function cookiesOf(response: Response, jar: Map<string, string>) {
  for (const header of response.headers.getSetCookie()) {
    const [pair = ""] = header.split(";");
    const at = pair.indexOf("=");
    if (at > 0) jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
}

export function cookieHeader(jar: Map<string, string>): string {
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

export function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  return [line(head), ...rows.map(line)].join("\n");
}

/** The middle value (the mean of the middle two for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The value below which `share` (0 to 1) of the values lie, interpolating between neighbours. */
export function quantile(values: readonly number[], share: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * share;
  const below = Math.floor(at);
  const above = Math.min(sorted.length - 1, below + 1);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (at - below);
}

/**
 * Paired rounds of two servers (round k of each ran one after the other): each round's change
 * from `before` to `after` as a share (-0.03 is 3 % less), and their median and middle half.
 * Pairing takes out what the machine did to both in that moment; the median, a round that went wrong.
 */
export function pairedChange(before: readonly number[], after: readonly number[]): { median: number; low: number; high: number } {
  if (before.length !== after.length) throw new Error("paired rounds must be as many on each side");
  const changes = before.map((value, k) => after[k]! / value - 1);
  return { median: median(changes), low: quantile(changes, 0.25), high: quantile(changes, 0.75) };
}
