import { baseCommands, type OpsCommand } from "./commands";
import { scenarioCommands } from "./scenario-commands";
import { breathingSpaceCommands } from "./breathing-space-commands";

/** Every ops command, in the order `npm run ops -- --help` lists them. */
export const opsCommands: OpsCommand[] = [...baseCommands, ...scenarioCommands, ...breathingSpaceCommands];
