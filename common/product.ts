/**
 * The product's name and code, kept in one place so the product can be
 * rebranded (ARCHITECTURE.md: where the spec writes `{product}`, read Keyfree).
 */
export const PRODUCT_NAME = "Keyfree";
export const PRODUCT_CODE = "KEYFREE";
