/**
 * The orders area's door (decision 0054): the order reads checkout, references and support build
 * on, the checks and failure note every order customer action's card payment gets (the claim
 * payment purpose applies its own effect through them), the payment receipt, and the order
 * action payment purpose (server/app.ts registers it).
 */
export {
  actionView,
  loadOrderCustomers,
  loadTenants,
  nextActionOf,
  orderPropertyAddress,
  orderStatusOf,
  ownOrder,
  ownOrderCustomer,
  toDomainOrderCustomer,
  type ActionRow,
  type LoadedOrderCustomer,
} from "./reads-service";
export { claimPaymentsOf, queuePaymentReceipt } from "./receipts-service";
export { applyActionPayment, noteFailedActionPayment, orderActionPayments, type ActionPaymentEffect } from "./payments";
