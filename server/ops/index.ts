import { baseCommands, type OpsCommand } from "./commands";
import { moreTimeCommands } from "./more-time-commands";
import { planRequestCommands } from "./plan-request-commands";
import { backOfficeCommands } from "./back-office-commands";
import { supportCommands } from "./support-commands";
import { breathingSpaceCommands } from "./breathing-space-commands";
import { dataExportCommands } from "./data-export-commands";
import { complaintCommands } from "./complaint-commands";
import { retentionCommands } from "./retention-commands";

/**
 * The product's ops commands, in the order `npm run ops -- --help` lists them. Outside production
 * the composition root adds the other parties' (stand-ins/scenarios/commands.ts) after them.
 */
export const opsCommands: OpsCommand[] = [
  ...baseCommands,
  ...backOfficeCommands,
  ...moreTimeCommands,
  ...breathingSpaceCommands,
  ...planRequestCommands,
  ...supportCommands,
  ...dataExportCommands,
  ...complaintCommands,
  ...retentionCommands,
];
