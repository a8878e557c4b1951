import type { Reporter } from "@playwright/test/reporter";
import { summariseChecks } from "./page-states";

/**
 * Prints, at the end of the run, how many page states the browser tests visited, how many of
 * them were distinct, and how many axe, HTML-checker and text-check (w3m) runs that took
 * (e2e/page-states.ts), so CI's log carries the counts; with TEXT_CHECK=report, the text
 * check's problems too.
 */
export default class ChecksReporter implements Reporter {
  printsToStdio() {
    return false;
  }

  onEnd() {
    for (const line of summariseChecks()) process.stdout.write(`${line}\n`);
  }
}
