/**
 * Mobile numbers as tenants type them in About You (part 1 §5: 11 to 15 characters, an optional
 * leading plus then digits) into the E.164 form a text message provider needs. UK tenants mostly
 * type the national form (07700 900123), which is +44 without its leading 0.
 */

/** "+447700900123" from "07700900123", "447700900123", "00447700900123" or "+447700900123"; null when it cannot be one. */
export function toE164(mobile: string): string | null {
  const trimmed = mobile.replace(/[\s()-]/g, "");
  if (!/^\+?\d+$/.test(trimmed)) return null;
  let international: string;
  if (trimmed.startsWith("+")) international = trimmed.slice(1);
  else if (trimmed.startsWith("00")) international = trimmed.slice(2);
  else if (trimmed.startsWith("0")) international = `44${trimmed.slice(1)}`;
  else international = trimmed;
  // E.164: a country code that does not start with 0, at most 15 digits in all.
  if (!/^[1-9]\d{7,14}$/.test(international)) return null;
  return `+${international}`;
}
