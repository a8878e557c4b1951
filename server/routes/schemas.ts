import { z } from "@hono/zod-openapi";

/** An address as the spec's Address entity gives it (part 1 §3), without its history fields. */
export const PropertyAddressSchema = z
  .object({
    buildingName: z.string().nullable(),
    roomNumber: z.string().nullable(),
    flatNumber: z.string().nullable(),
    buildingNumber: z.string().nullable(),
    street: z.string(),
    subStreet: z.string().nullable(),
    town: z.string().nullable(),
    county: z.string().nullable(),
    postcode: z.string(),
    country: z.string(),
  })
  .openapi("PropertyAddress");
