import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { NoticeKind } from "../server/domain/notices";

/**
 * The notices only time brings (issue 28): e2e/notices.clock.spec.ts produces them on the clock
 * server and follows their links; e2e/email-links.spec.ts produces every other kind of e-mail.
 */
export const PRODUCED_BY_THE_CLOCK: readonly NoticeKind[] = [
  "RESPONSE_REMINDER",
  "PAYMENT_REMINDER",
  "DISPUTE_FEE_REMINDER",
  "ADJUDICATION_PAYMENT_REMINDER",
  "PROPOSAL_HOLD_EXPIRED",
  "CHARGES_DEEMED_ACCEPTED",
  // Issue 38: 12 hours before a payment plan offer lapses.
  "PAYMENT_PLAN_OFFER_ENDING",
];

/**
 * Issue 40: the complaint's 8-week e-mail (no final response in 8 weeks). e2e/notices.clock.spec.ts
 * produces it at its end, after its own checks, moving the clock 8 weeks on (a jump the reminders
 * before it must not see).
 */
export const PRODUCED_BY_THE_COMPLAINTS_CLOCK: readonly NoticeKind[] = ["COMPLAINT_EIGHT_WEEKS"];

/** Every `template: "X"` in server/: each kind of e-mail the code can queue (tests/unit/domain/support-needs.test.ts reads them too). */
export function templatesInSource(): string[] {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (file.endsWith(".ts")) {
        for (const m of readFileSync(file, "utf8").matchAll(/template: "([A-Z_]+)"/g)) found.add(m[1]!);
      }
    }
  };
  walk(path.resolve("server"));
  return [...found].sort();
}
