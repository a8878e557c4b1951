import { resetChecks } from "./page-states";

/** A fresh record of the page states checked in this run (e2e/page-states.ts). */
export default function globalSetup() {
  resetChecks();
}
