/**
 * Playing the back office for the annual fee: raising it is the annual fee service's
 * (server/annual-fee/service.ts); scenarios, the demo data and tests call it from here too.
 */
export { createAnnualFeeOrder, ROLL_OVER_NOTE, type AnnualFeeOrderInput } from "../../server/annual-fee/service";
