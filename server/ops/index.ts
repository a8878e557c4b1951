import { baseCommands, type OpsCommand } from "./commands";
import { moreTimeCommands } from "./more-time-commands";
import { planRequestCommands } from "./plan-request-commands";
import { scenarioCommands } from "./scenario-commands";
import { supportCommands } from "./support-commands";
import { breathingSpaceCommands } from "./breathing-space-commands";

/** Every ops command, in the order `npm run ops -- --help` lists them. */
export const opsCommands: OpsCommand[] = [
  ...baseCommands,
  ...scenarioCommands,
  ...moreTimeCommands,
  ...breathingSpaceCommands,
  ...planRequestCommands,
  ...supportCommands,
];
