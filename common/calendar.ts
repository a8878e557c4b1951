/**
 * Calendar files (RFC 5545) of all-day events: the claim's response deadline (the claim page's
 * "Add to calendar") and a payment plan's instalment schedule (its active page and the e-mail
 * that says it is live). Pure and in common/, so the web's download and the API's e-mail write
 * the same file: CRLF line ends, TEXT escaped, long lines folded.
 */

export interface AllDayEvent {
  /** Unique and stable for the same event, so a calendar updates it rather than adding it twice. */
  uid: string;
  /** The day, YYYY-MM-DD. */
  date: string;
  summary: string;
  description: string;
  url?: string;
}

/** RFC 5545 §3.3.11: backslash, semicolon, comma and newlines escaped in TEXT. */
export function icsText(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
}

/** RFC 5545 §3.1: lines longer than 75 octets are folded (CRLF then a space). */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  if (encoder.encode(line).length <= 75) return line;
  const out: string[] = [];
  let current = "";
  let size = 0;
  for (const ch of line) {
    const n = encoder.encode(ch).length;
    if (size + n > (out.length === 0 ? 75 : 74)) {
      out.push(current);
      current = "";
      size = 0;
    }
    current += ch;
    size += n;
  }
  out.push(current);
  return out.join("\r\n ");
}

const compact = (day: string) => day.replaceAll("-", "");
const utcStamp = (d: Date) => d.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");

/** The day after a YYYY-MM-DD day (an all-day event ends there, exclusive). */
function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** A VCALENDAR of all-day events, free time (TRANSP:TRANSPARENT), stamped `now`. */
export function allDayCalendar(name: string, events: readonly AllDayEvent[], now: Date): string {
  const lines = ["BEGIN:VCALENDAR", "VERSION:2.0", `PRODID:-//Keyfree//${name}//EN`, "CALSCALE:GREGORIAN", "METHOD:PUBLISH"];
  for (const event of events) {
    lines.push(
      "BEGIN:VEVENT",
      `UID:${event.uid}`,
      `DTSTAMP:${utcStamp(now)}`,
      `DTSTART;VALUE=DATE:${compact(event.date)}`,
      `DTEND;VALUE=DATE:${compact(nextDay(event.date))}`,
      `SUMMARY:${icsText(event.summary)}`,
      `DESCRIPTION:${icsText(event.description)}`,
      ...(event.url ? [`URL:${event.url}`] : []),
      "TRANSP:TRANSPARENT",
      "END:VEVENT",
    );
  }
  lines.push("END:VCALENDAR");
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}
