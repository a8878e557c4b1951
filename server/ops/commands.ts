/**
 * The ops commands: playing the landlord, agent, adjudicator and back office so that a
 * person (or a test) can set up any situation a tenant can be in. One table, used by the
 * API's ops routes (`POST /ops/run/{command}`, outside production only, with the ops
 * token) and by `npm run ops -- <command>`.
 */
import { z } from "zod";
import type { Deps } from "../context";
import { AdjustableClock } from "../lib/clock";
import { loadClockOffset, saveClockOffset } from "../lib/clock-store";
import { issueAccessToken } from "../lib/access-tokens";
import { ApiError } from "../lib/errors";
import { findUserByEmail } from "../accounts/account-service";

export type OpsCommand<S extends z.ZodType = z.ZodType> = {
  name: string;
  summary: string;
  example: string;
  input: S;
  run: (deps: Deps, input: z.output<S>) => Promise<unknown>;
};

/** A command with its input's type checked against its schema, listed as any command. */
export function command<S extends z.ZodType>(c: OpsCommand<S>): OpsCommand {
  return c as unknown as OpsCommand;
}

const DURATION = /^(-?\d+)(ms|s|m|h|d)$/;
const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** "3d", "48h", "90m", "-1d" → milliseconds. */
export function parseDuration(value: string): number {
  const match = DURATION.exec(value.trim());
  if (!match) throw new ApiError(400, `Invalid duration "${value}": use a number and a unit, like 3d, 48h, 30m`);
  return Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
}

/** The user with that e-mail address, or a 404 naming it. */
export async function userByEmail(deps: Deps, email: string) {
  const user = await findUserByEmail(deps.db, email);
  if (!user) throw new ApiError(404, `No user with the email ${email}`);
  return user;
}

export const baseCommands: OpsCommand[] = [
  command({
    name: "issue-access-token",
    summary: "Sign a tenant in without their password (NODE_ENV=test only: the browser tests' signed-in sessions)",
    example: "npm run ops -- issue-access-token --email demo@keyfree.example",
    input: z.object({ email: z.email() }),
    run: async (deps, input) => {
      // Tests only: a development or demo server signs in through the login form like anyone.
      if (deps.config.env !== "test") throw new ApiError(404, "Unknown ops command: issue-access-token");
      const user = await userByEmail(deps, input.email);
      // As login: a tenant who must choose a new password first gets no token.
      if (user.closedAt) throw new ApiError(409, `${input.email}'s account is closed`);
      if (user.requiresPasswordReset) throw new ApiError(409, `${input.email} must reset their password before signing in`);
      const accessToken = await issueAccessToken(deps.db, deps.config, user.id, deps.clock.now());
      return { accessToken, firstName: user.firstName, userId: user.id };
    },
  }),
  command({
    name: "clock",
    summary: "Show the API's clock, move it forward (--advance 3d) or back to real time (--reset true)",
    example: "npm run ops -- clock --advance 8d",
    input: z.object({ advance: z.string().optional(), reset: z.boolean().optional() }),
    run: async (deps, input) => {
      if (input.advance !== undefined || input.reset) {
        if (!(deps.clock instanceof AdjustableClock)) throw new ApiError(409, "This API's clock cannot be moved");
        // Moved from the offset every instance shares (another may have moved it), saved, then used here.
        const offset = input.reset ? 0 : (await loadClockOffset(deps.db)) + parseDuration(input.advance!);
        await saveClockOffset(deps.db, offset);
        deps.clock.setOffset(offset);
      } else if (deps.clock instanceof AdjustableClock) {
        // Reading it: this instance takes up a move made through another at once (unless it moved meanwhile).
        const version = deps.clock.version;
        const shared = await loadClockOffset(deps.db);
        if (deps.clock.version === version) deps.clock.setOffset(shared);
      }
      const offsetMs = deps.clock instanceof AdjustableClock ? deps.clock.offset : 0;
      return { now: deps.clock.now().toISOString(), offsetMs };
    },
  }),
];
