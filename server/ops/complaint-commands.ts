/**
 * The back office's complaints (issue 40, decision 0066): the list with each one's status and
 * due dates, and a response (holding or final), e-mailed to the tenant who complained.
 */
import { z } from "zod";
import { complaintStatus } from "../domain/complaints";
import { ApiError } from "../lib/errors";
import { listComplaints, respondToComplaint } from "../complaints";
import { command, type OpsCommand } from "./commands";

export const complaintCommands: OpsCommand[] = [
  command({
    name: "complaints",
    summary: "Every complaint, the soonest final response due first: its reference, topic, status, and the dates it is due by",
    example: "npm run ops -- complaints",
    input: z.object({}),
    run: async (deps) => {
      const now = deps.clock.now();
      const rows = await listComplaints(deps.db);
      return {
        complaints: rows.map((r) => ({
          reference: r.reference,
          topic: r.topic,
          name: r.name,
          raisedAt: r.createdAt.toISOString(),
          // The status counts responses only as final or not here: a holding response shows on the complaint itself.
          status: complaintStatus({ finalResponseAt: r.finalResponseAt, finalResponseBy: r.finalResponseBy, responses: 0 }, now),
          acknowledgeBy: r.acknowledgeBy,
          finalResponseBy: r.finalResponseBy,
          finalResponseAt: r.finalResponseAt?.toISOString() ?? null,
        })),
      };
    },
  }),
  command({
    name: "respond-to-complaint",
    summary: "Answer a complaint: --holding (not yet final) or --final (names the ombudsman and the 6 months), with --message; e-mailed to the tenant",
    example: 'npm run ops -- respond-to-complaint --reference C-AB12CD34 --final --message "We have refunded the fee."',
    input: z.object({ reference: z.string().min(1), final: z.boolean().optional(), holding: z.boolean().optional(), message: z.string().max(10_000) }),
    run: async (deps, input) => {
      if (Boolean(input.final) === Boolean(input.holding)) throw new ApiError(400, "Give one of --final or --holding");
      return respondToComplaint(deps, { reference: input.reference, final: Boolean(input.final), message: input.message });
    },
  }),
];
