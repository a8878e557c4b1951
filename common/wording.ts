/**
 * The one wording module (issue 37, docs/decisions/0055): how the product writes money, London
 * dates, times and deadlines, and the fee sentences, for the web, the API, the notices and the
 * PDFs alike. Import it as `#common/wording`. tests/unit/one-formatter.test.ts fails when a
 * second formatter appears anywhere else in app/, server/, common/ or stand-ins/.
 *
 * - ./wording/money.ts: pounds and pence ("£1,234.56", "£150", "£1234.56", "12.34");
 * - ./wording/dates.ts: the London day of an instant, "4th Dec 2026", "Friday 4 December 2026",
 *   "11:59pm", and the deadline sentences ("by 11:59pm on … (UK time), 7 days from today");
 * - ./wording/keyfree-fee.ts: the Keyfree fee's rule ("one week's rent, with a minimum of £150");
 * - ./wording/fees.ts: the £60 dispute fee's sentences.
 */
export * from "./wording/money";
export * from "./wording/dates";
export * from "./wording/keyfree-fee";
export * from "./wording/fees";
