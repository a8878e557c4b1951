import type { Reporter } from "@playwright/test/reporter";
import { summariseChecks } from "./page-states";

/**
 * Prints, at the end of the run, how many page states the browser tests visited, how many of
 * them were distinct, and how many axe and HTML-checker runs that took (e2e/page-states.ts),
 * so CI's log carries the counts.
 */
export default class ChecksReporter implements Reporter {
  printsToStdio() {
    return false;
  }

  onEnd() {
    for (const line of summariseChecks()) process.stdout.write(`${line}\n`);
  }
}
