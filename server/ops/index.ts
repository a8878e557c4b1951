import { baseCommands, type OpsCommand } from "./commands";
import { planRequestCommands } from "./plan-request-commands";
import { scenarioCommands } from "./scenario-commands";

/** Every ops command, in the order `npm run ops -- --help` lists them. */
export const opsCommands: OpsCommand[] = [...baseCommands, ...scenarioCommands, ...planRequestCommands];
