import { PRODUCT_CODE, PRODUCT_NAME } from "#common/product";

/** The product's display name, in one place (the spec's `{product}`). */
export const PRODUCT = { name: PRODUCT_NAME, code: PRODUCT_CODE, slug: PRODUCT_CODE.toLowerCase() } as const;

/** A page title: "Page — Keyfree", prefixed "Error: " when the page's form has errors. */
export function pageTitle(title: string, hasErrors = false): string {
  return `${hasErrors ? "Error: " : ""}${title} — ${PRODUCT.name}`;
}
