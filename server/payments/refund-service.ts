/**
 * The owed refunds as other areas and the clock reach them: an area records a refund it owes
 * (recordOwedRefund, in the transaction that decides it) and the clock's sweeper pays what is
 * owed (payOwedRefunds). The implementation is refunds.ts; this names the payments module's
 * public refund operations, which may move into service.ts.
 */
export { payOwedRefunds, recordOwedRefund, type OwedRefundReason, type OwedRefundsRun } from "./refunds";
