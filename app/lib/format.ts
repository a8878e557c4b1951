import dayjs from "dayjs";

/**
 * Pence to pounds with two decimals: 15000 → "£150.00". `wholePounds` drops ".00" from a whole
 * amount in running text ("a minimum of £150"); pence are always shown when there are any.
 */
export function formatPounds(pence: number, options: { wholePounds?: boolean } = {}): string {
  const pounds = pence / 100;
  const digits = options.wholePounds && Number.isInteger(pounds) ? 0 : 2;
  return `£${pounds.toLocaleString("en-GB", { minimumFractionDigits: digits, maximumFractionDigits: digits })}`;
}

/** Spec part 2 §9: dates shown as 'Do MMM YYYY'. */
export function formatDate(value: string): string {
  const d = dayjs(value);
  const day = d.date();
  const suffix = day % 10 === 1 && day !== 11 ? "st" : day % 10 === 2 && day !== 12 ? "nd" : day % 10 === 3 && day !== 13 ? "rd" : "th";
  return `${day}${suffix} ${d.format("MMM YYYY")}`;
}

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
