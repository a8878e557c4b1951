import type { ReactNode } from "react";
import { SuccessPanel } from "~/components/success-panel";
import type { PaymentSuccessState } from "~/lib/payment-success.server";
import { PaymentProcessing, PaymentTakingLonger } from "~/components/payment-processing";

/**
 * A payment's success page: processing (the wait, under `processingHeading`), taking longer, or
 * 'Thanks!' with the page's own text.
 */
export function PaymentSuccessPage({
  loaderData,
  processingHeading,
  children,
}: {
  loaderData: PaymentSuccessState;
  processingHeading?: string;
  children: ReactNode;
}) {
  if (loaderData.state === "processing") {
    return (
      <div className="panel panel--narrow">
        <PaymentProcessing heading={processingHeading} polling={loaderData.polling} />
      </div>
    );
  }
  if (loaderData.state === "waiting") {
    return (
      <SuccessPanel>
        <PaymentTakingLonger contact={loaderData.contact} />
      </SuccessPanel>
    );
  }
  return <SuccessPanel title="Thanks!">{children}</SuccessPanel>;
}
