/**
 * The back office's view of a tenant's support needs and helper (issue 36, scope 5; decision
 * 0050): what they told us, in words, with when they consented, and who gets copies of their
 * e-mails. Only the team that supports tenants runs it; its output is never logged.
 */
import { z } from "zod";
import type { Deps } from "../context";
import { supportNeedsForBackOffice } from "../support-needs/service";
import type { OpsCommand } from "./commands";

function command<S extends z.ZodType>(c: OpsCommand<S>): OpsCommand {
  return c as unknown as OpsCommand;
}

export const supportCommands: OpsCommand[] = [
  command({
    name: "support-needs",
    summary: "A tenant's support needs (kept with their consent) and the person who helps them, with the helpers they removed",
    example: "npm run ops -- support-needs --email demo@keyfree.example",
    input: z.object({ email: z.email() }),
    run: (deps: Deps, input) => supportNeedsForBackOffice(deps, input.email),
  }),
];
