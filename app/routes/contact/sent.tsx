import { SuccessPanel } from "~/components/success-panel";

/** After a message is sent from the contact page (issue 26, scope 3): what happens next. */
export default function ContactSent() {
  return (
    <SuccessPanel title="Message sent">
      <p>Thank you. We have your message and have emailed you a copy of it.</p>
      <p>We will reply by email as soon as we can. You do not need to send your message again.</p>
    </SuccessPanel>
  );
}
