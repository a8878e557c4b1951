/**
 * Countries a tenant may give for an address, the United Kingdom first, with both codes: the
 * checkout's address history stores three letters, the payment plan's postal address two (part 2
 * §3 Address form). One list, so the two forms offer the same countries.
 */
const COUNTRY_LIST = [
  { alpha2: "GB", alpha3: "GBR", label: "United Kingdom" },
  { alpha2: "IE", alpha3: "IRL", label: "Ireland" },
  { alpha2: "FR", alpha3: "FRA", label: "France" },
  { alpha2: "DE", alpha3: "DEU", label: "Germany" },
  { alpha2: "ES", alpha3: "ESP", label: "Spain" },
  { alpha2: "IT", alpha3: "ITA", label: "Italy" },
  { alpha2: "PL", alpha3: "POL", label: "Poland" },
  { alpha2: "PT", alpha3: "PRT", label: "Portugal" },
  { alpha2: "RO", alpha3: "ROU", label: "Romania" },
  { alpha2: "NL", alpha3: "NLD", label: "Netherlands" },
  { alpha2: "IN", alpha3: "IND", label: "India" },
  { alpha2: "CN", alpha3: "CHN", label: "China" },
  { alpha2: "NG", alpha3: "NGA", label: "Nigeria" },
  { alpha2: "PK", alpha3: "PAK", label: "Pakistan" },
  { alpha2: "US", alpha3: "USA", label: "United States" },
  { alpha2: "AU", alpha3: "AUS", label: "Australia" },
  { alpha2: "CA", alpha3: "CAN", label: "Canada" },
] as const;

export type CountryOption = { value: string; label: string };

/** The list as a select's options, with the codes a form stores. */
export function countryOptions(code: "alpha2" | "alpha3"): CountryOption[] {
  return COUNTRY_LIST.map((c) => ({ value: c[code], label: c.label }));
}
