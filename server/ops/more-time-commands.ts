/**
 * The back office's answers to requests for more time (issue 36, scope 4; docs/decisions/0049):
 * list the requests waiting (with the tenant's reason: the team that decides reads it here),
 * grant some days or refuse with a reason. The e-mail names the tenant who asked; --claim-id picks
 * among their claims when several wait. A request not answered within 2 working days is granted by
 * the clock (the sweep). `tenant-ask-more-time` plays the tenant's form, for tests and demos.
 */
import { z } from "zod";
import type { Deps } from "../context";
import { MORE_TIME_MAX_DAYS, MORE_TIME_MIN_DAYS } from "#common/more-time";
import { answerMoreTimeRequest, askForMoreTime, waitingMoreTimeRequests, type MoreTimeDecision } from "../claims/more-time-service";
import { AskForMoreTimeBody } from "../claims/more-time-schemas";
import { ApiError } from "../lib/errors";
import { findUserByEmail } from "../accounts/account-service";
import type { OpsCommand } from "./commands";

function command<S extends z.ZodType>(c: OpsCommand<S>): OpsCommand {
  return c as unknown as OpsCommand;
}

async function tenant(deps: Deps, email: string) {
  const user = await findUserByEmail(deps.db, email);
  if (!user) throw new ApiError(404, "No tenant with that e-mail address");
  return user;
}

/** The one request of this tenant (and claim) waiting for an answer. */
async function waitingRequest(deps: Deps, email: string, claimId: string | undefined) {
  const user = await tenant(deps, email);
  const waiting = await waitingMoreTimeRequests(deps.db, { userId: user.id, claimId });
  if (waiting.length === 0) throw new ApiError(404, "No request for more time from this tenant is waiting for an answer");
  if (waiting.length > 1) {
    throw new ApiError(400, `This tenant has requests waiting on several claims: give --claim-id (${waiting.map((w) => w.claimId).join(", ")})`);
  }
  return waiting[0]!;
}

async function answer(deps: Deps, email: string, claimId: string | undefined, decision: MoreTimeDecision) {
  const request = await waitingRequest(deps, email, claimId);
  return answerMoreTimeRequest(deps, request.moreTimeRequestId, decision);
}

const who = z.object({ email: z.email(), claimId: z.string().min(1).optional() });

export const moreTimeCommands: OpsCommand[] = [
  command({
    name: "more-time-requests",
    summary: "The requests for more time waiting for an answer, oldest first, with the tenant's reason and when the clock grants them",
    example: "npm run ops -- more-time-requests [--email ann@example.com]",
    input: z.object({ email: z.email().optional() }),
    run: async (deps, input) => {
      const userId = input.email ? (await tenant(deps, input.email)).id : undefined;
      return waitingMoreTimeRequests(deps.db, { userId });
    },
  }),
  command({
    name: "grant-more-time",
    summary: `Grant a tenant's request for more time: the claim's deadline moves by --days (${MORE_TIME_MIN_DAYS} to ${MORE_TIME_MAX_DAYS}) for every tenant, and each is e-mailed the new date`,
    example: "npm run ops -- grant-more-time --email ann@example.com --days 7 [--claim-id <id>]",
    input: who.extend({ days: z.number().int().min(MORE_TIME_MIN_DAYS).max(MORE_TIME_MAX_DAYS) }),
    run: (deps, { email, claimId, days }) => answer(deps, email, claimId, { grant: days }),
  }),
  command({
    name: "refuse-more-time",
    summary:
      "Refuse a tenant's request for more time with a reason they are e-mailed; the deadline stays, but never fewer than 3 days from now",
    example: 'npm run ops -- refuse-more-time --email ann@example.com --reason "Your landlord needs an answer before the new tenancy starts" [--claim-id <id>]',
    input: who.extend({ reason: z.string().trim().min(1).max(2_000) }),
    run: (deps, { email, claimId, reason }) => answer(deps, email, claimId, { refuse: reason }),
  }),
  command({
    name: "tenant-ask-more-time",
    summary: "A tenant (by e-mail) asks for more time to answer a claim, as the more-time form does (for tests and demos)",
    example: 'npm run ops -- tenant-ask-more-time --claim-id <id> --email ann@example.com --days 7 --reason "I am in hospital this week"',
    input: z.object({ claimId: z.string().min(1), email: z.email(), days: z.unknown(), reason: z.unknown() }),
    run: async (deps, { claimId, email, days, reason }) => {
      const user = await tenant(deps, email);
      return askForMoreTime(deps, claimId, user.id, AskForMoreTimeBody.parse({ days, reason }));
    },
  }),
];
