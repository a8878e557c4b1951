import { summariseChecks } from "./page-states";

/** Prints how many page states the run checked, so CI's log carries the counts. */
export default function globalTeardown() {
  for (const line of summariseChecks()) console.log(line);
}
