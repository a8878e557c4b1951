// Money and dates are worded in one place for the web and the API alike: #common/wording (issue 37).

type AddressLike = {
  flatNumber?: string | null;
  buildingName?: string | null;
  buildingNumber?: string | null;
  street?: string | null;
  town?: string | null;
};

/** The first line of an address: "Flat 2, Rose Court, 12 High Street, Bristol". */
export function addressLine(a: AddressLike): string {
  const flat = a.flatNumber ? `Flat ${a.flatNumber}` : null;
  const street = [a.buildingNumber, a.street].filter(Boolean).join(" ");
  return [flat, a.buildingName, street, a.town].filter(Boolean).join(", ");
}
