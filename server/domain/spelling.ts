/**
 * The spec spells the same values with and without underscores
 * (`AWAITING_RESPONSE` / `AWAITINGRESPONSE`, part 1 §4.1 "both readings
 * exist"). A normaliser built here accepts the canonical spelling and the
 * same letters with the underscores left out, and answers the canonical one.
 *
 * Reading chosen: unknown input (including lower case, spaces or a value of
 * another enum) answers `null` rather than throwing, so the caller decides
 * whether that is a 400, a 500 or "ignore this row". Matching is
 * case-sensitive because the spec only ever writes these values in capitals.
 */
export function createSpellingNormaliser<const T extends string>(
  canonical: readonly T[],
): (input: string | null | undefined) => T | null {
  const byCompact = new Map<string, T>();
  for (const value of canonical) {
    const compact = value.replaceAll("_", "");
    const existing = byCompact.get(compact);
    if (existing !== undefined && existing !== value) {
      throw new Error(`"${existing}" and "${value}" have the same spelling without underscores`);
    }
    byCompact.set(compact, value);
  }
  return (input) => {
    if (typeof input !== "string" || input.length === 0) return null;
    if ((canonical as readonly string[]).includes(input)) return input as T;
    if (input.includes("_")) return null;
    return byCompact.get(input) ?? null;
  };
}
