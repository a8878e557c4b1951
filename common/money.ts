/** Money is integer pence everywhere (ARCHITECTURE.md; part 1 §3 "Amounts are integers in pence"). */
export type Pence = number;

/** Throws a RangeError unless `value` is a whole, non-negative number of pence. */
export function assertPence(value: number, name = "amount"): asserts value is Pence {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a whole, non-negative number of pence (got ${String(value)})`);
  }
}
