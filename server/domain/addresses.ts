/**
 * The address rules (part 1 §5 postcode search and manual address; part 2 §5) live in
 * common/addresses.ts, which the web's forms read too, so both check one rule with the spec's words.
 */
export * from "../../common/addresses";
