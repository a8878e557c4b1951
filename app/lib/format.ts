import dayjs from "dayjs";

/**
 * Pence to pounds with two decimals: 15000 → "£150.00". `wholePounds` drops ".00" from a whole
 * amount in running text ("a minimum of £150"); pence are always shown when there are any.
 */
export function formatPounds(pence: number, options: { wholePounds?: boolean } = {}): string {
  const pounds = pence / 100;
  const format = options.wholePounds && Number.isInteger(pounds) ? WHOLE_POUNDS : POUNDS_AND_PENCE;
  return `£${format.format(pounds)}`;
}

// Made once per process: `toLocaleString` with options builds a new formatter on every call
// (a claim page formats dozens of amounts: about 4 % of its CPU, issue 25).
const POUNDS_AND_PENCE = new Intl.NumberFormat("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const WHOLE_POUNDS = new Intl.NumberFormat("en-GB", { minimumFractionDigits: 0, maximumFractionDigits: 0 });

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
