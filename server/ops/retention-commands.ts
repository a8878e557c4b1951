/**
 * `ops retention` (issue 40, decision 0068): with --dry-run, what the retention job would change
 * now, rule by rule (common/retention.ts), in counts only, with no personal data, changing
 * nothing; without it, runs the job now (the sweeper runs it too, every 30 seconds).
 */
import { z } from "zod";
import { applyRetention, retentionDryRun } from "../jobs/retention";
import type { OpsCommand } from "./commands";

function command<S extends z.ZodType>(c: OpsCommand<S>): OpsCommand {
  return c as unknown as OpsCommand;
}

export const retentionCommands: OpsCommand[] = [
  command({
    name: "retention",
    summary:
      "The retention periods (common/retention.ts): with --dry-run, count by rule what would be deleted or replaced now and the closure requests that would be done, changing nothing; without it, apply them now (the sweep does this too)",
    example: "npm run ops -- retention --dry-run",
    input: z.object({ dryRun: z.boolean().optional() }),
    run: (deps, input) => (input.dryRun ? retentionDryRun(deps) : applyRetention(deps)),
  }),
];
