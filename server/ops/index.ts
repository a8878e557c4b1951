import { baseCommands, type OpsCommand } from "./commands";

/** Every ops command, in the order `npm run ops -- --help` lists them. */
export const opsCommands: OpsCommand[] = [...baseCommands];
