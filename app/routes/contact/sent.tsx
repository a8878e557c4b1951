import { Link } from "react-router";
import { pageTitle } from "~/lib/product";

/** After a message is sent from the contact page (issue 26, scope 3): what happens next. */
export default function ContactSent() {
  return (
    <div className="panel panel--narrow">
      <title>{pageTitle("Message sent")}</title>
      <h1>Message sent</h1>
      <p>Thank you. We have your message and have emailed you a copy of it.</p>
      <p>We will reply by email as soon as we can. You do not need to send your message again.</p>
      <p>
        <Link to="/" className="button">
          Return Home
        </Link>
      </p>
    </div>
  );
}
