/**
 * Moved into the one wording module (issue 37, docs/decisions/0055): the fee sentences are in
 * ./wording/fees.ts, imported as `#common/wording`. This line is kept only for
 * server/scenarios/claims.ts, which issue 37's stand-ins part is moving as this is written: at
 * merge its import becomes `#common/wording` and this file is deleted.
 */
export { feeOutcomeAfter } from "./wording";
