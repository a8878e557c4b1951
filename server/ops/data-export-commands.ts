/**
 * The back office's "Download your data" (issue 40, decision 0069): a tenant's export made now,
 * for a request that came another way (by post, by phone). It is built at once and the tenant is
 * e-mailed the link to their signed-in page, as when they ask on /account/data.
 */
import { z } from "zod";
import { buildDataExport, requestDataExport } from "../data-exports/service";
import { command, userByEmail, type OpsCommand } from "./commands";

export const dataExportCommands: OpsCommand[] = [
  command({
    name: "data-export",
    summary: "Make a tenant's data export now (a ZIP of everything held about them) and e-mail them the link to download it signed in",
    example: "npm run ops -- data-export --email demo@keyfree.example",
    input: z.object({ email: z.email() }),
    run: async (deps, input) => {
      const user = await userByEmail(deps, input.email);
      const row = await requestDataExport(deps, user.id);
      const built = await buildDataExport(deps, row.id);
      return { exportId: row.id, ready: built === row.id };
    },
  }),
];
