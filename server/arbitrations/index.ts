/**
 * The arbitrations area's door (decision 0054): the adjudicator's reasons, item by item, which the
 * claim record (server/claim-records/) shows beside the arbitration page.
 */
export { adjudicatorReasons, AdjudicatorReasonSchema, type AdjudicatorReason } from "./reasons";
