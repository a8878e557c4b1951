/** The catalogue, one list: every notice kind and what it says (see ./index.ts). */
import { ACCOUNT_NOTICES } from "./catalogue-account";
import { CLAIM_NOTICES } from "./catalogue-claims";
import { COMPLAINT_NOTICES } from "./catalogue-complaints";
import { COTENANT_NOTICES } from "./catalogue-cotenants";
import { LATER_NOTICES } from "./catalogue-reminders";
import { REFERENCE_NOTICES } from "./catalogue-references";
import type { Catalogue } from "./types";

export const NOTICES: Catalogue = { ...CLAIM_NOTICES, ...LATER_NOTICES, ...REFERENCE_NOTICES, ...COTENANT_NOTICES, ...ACCOUNT_NOTICES, ...COMPLAINT_NOTICES };
