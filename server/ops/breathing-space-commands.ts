/**
 * The back office's Breathing Space commands (issue 36, decision 0047): recording a moratorium
 * from a debt adviser's notice (the Insolvency Service tells each creditor), and ending one.
 */
import { z } from "zod";
import { BREATHING_SPACE_TYPES } from "#common/breathing-space";
import type { Deps } from "../context";
import { ApiError } from "../lib/errors";
import { findUserByEmail } from "../accounts/account-service";
import { endBreathingSpace, recordBreathingSpace } from "../breathing-space/service";
import type { OpsCommand } from "./commands";

function command<S extends z.ZodType>(c: OpsCommand<S>): OpsCommand {
  return c as unknown as OpsCommand;
}

async function tenantByEmail(deps: Deps, email: string) {
  const user = await findUserByEmail(deps.db, email);
  if (!user) throw new ApiError(404, `No user with the email ${email}`);
  return user;
}

/** The command's spelling of the type (standard, mental-health-crisis) or the stored one. */
const TYPE_NAMES: Record<string, (typeof BREATHING_SPACE_TYPES)[number]> = {
  standard: "STANDARD",
  "mental-health-crisis": "MENTAL_HEALTH_CRISIS",
  STANDARD: "STANDARD",
  MENTAL_HEALTH_CRISIS: "MENTAL_HEALTH_CRISIS",
};

export const breathingSpaceCommands: OpsCommand[] = [
  command({
    name: "breathing-space",
    summary:
      "Record a tenant's Breathing Space from a debt adviser's notice: the deadlines inside it move, nothing asks for or takes payment while it lasts, and the tenant is e-mailed a receipt",
    example: "npm run ops -- breathing-space --email sam@example.com --reference BS-2026-123456 --type standard --start 2026-11-22",
    input: z.object({
      email: z.email(),
      reference: z.string().min(1).max(200),
      type: z.string().refine((t) => t in TYPE_NAMES, "Use --type standard or --type mental-health-crisis"),
      start: z.string().min(1).max(20),
    }),
    run: async (deps, input) => {
      const user = await tenantByEmail(deps, input.email);
      return recordBreathingSpace(deps, user.id, { reference: input.reference, type: TYPE_NAMES[input.type]!, startDate: input.start }, "OPS");
    },
  }),
  command({
    name: "end-breathing-space",
    summary:
      "End a tenant's Breathing Space: a mental health crisis one with --treatment-ended (it then ends 30 days later and its deadlines move); a standard one now, as when the adviser cancels it",
    example: "npm run ops -- end-breathing-space --email sam@example.com --treatment-ended 2026-12-10",
    input: z.object({ email: z.email(), treatmentEnded: z.string().min(1).max(20).optional() }),
    run: async (deps, input) => {
      const user = await tenantByEmail(deps, input.email);
      return endBreathingSpace(deps, user.id, { treatmentEndedOn: input.treatmentEnded ?? null });
    },
  }),
];
