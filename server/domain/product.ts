/**
 * The product's name and code (the spec's `{product}`): defined in the shared vocabulary,
 * common/product.ts, which the web reads too.
 */
export { PRODUCT_CODE, PRODUCT_NAME } from "../../common/product";
