/**
 * The catalogue's part about the tenant's account (issue 40, decision 0069), joined in
 * ./catalogue.ts: the ZIP of their data is ready. The "Your data" page says "We will e-mail you
 * when it is ready": this keeps it. The link is the signed-in page, never the file itself: the
 * download is answered only to the tenant, signed in.
 */
import { PRODUCT_NAME } from "#common/product";
import { untilWords } from "#common/wording";
import type { Catalogue } from "./types";
import { hello } from "./words";

export const ACCOUNT_NOTICES = {
  DATA_EXPORT_READY: {
    sms: false,
    asksForMoney: false,
    email: (f, to, now) => ({
      subject: "Your data is ready to download",
      lines: [
        hello(to),
        "",
        `The copy of everything ${PRODUCT_NAME} holds about you, which you asked for, is ready: a ZIP file with your details, your records and the documents you uploaded.`,
        "",
        "If you did not ask for this, please contact us straight away.",
        "",
        `Sign in and download it until ${untilWords(f.expiresAt, now)}. After that we delete the file, and you can ask for a new one at any time:`,
        f.link,
      ],
    }),
  },
} satisfies Partial<Catalogue>;
