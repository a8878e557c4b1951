import type { PaymentPlan } from "./payment-plan-routing";
import { formatPounds } from "#common/wording";

/**
 * The instalment schedule as the plan pages show it (part 2 §2: "first 5 shown, then a 'Show
 * more' / 'Hide' toggle"; §9: instalment dates as 'DD/MM/YY'). Pure: the loaders shape it, the
 * component only renders it. 'Show more' is `?schedule=all` in the URL, so it works without script.
 */
export const SCHEDULE_FIRST_SHOWN = 5;
export const SCHEDULE_PARAM = "schedule";

export type ScheduleRow = {
  id: string;
  number: number;
  /** DD/MM/YY */
  date: string;
  amount: string;
  /** In words (never colour alone): Paid, Payment failed, Scheduled. */
  status: string;
  failed: boolean;
};

export type ScheduleView = {
  rows: ScheduleRow[];
  total: number;
  /** All rows shown (the toggle offers 'Hide'), or only the first five ('Show more'). */
  expanded: boolean;
  /** The toggle's link, or null when there are five or fewer instalments. */
  toggle: { label: "Show more" | "Hide"; href: string } | null;
};

/** '2027-01-31' → '31/01/27' (a calendar date: no time zone involved). */
export function instalmentDate(dueDate: string): string {
  const [year, month, day] = dueDate.split("-");
  return `${day}/${month}/${year!.slice(2)}`;
}

const STATUS_WORDS: Record<string, string> = { PAID: "Paid", FAILED: "Payment failed" };

/** The schedule of the plan for this URL: the first five, or all of them with `?schedule=all`. */
export function scheduleView(instalments: PaymentPlan["instalments"], url: URL, anchor = "schedule"): ScheduleView {
  const expanded = url.searchParams.get(SCHEDULE_PARAM) === "all";
  const all = instalments.map(
    (i): ScheduleRow => ({
      id: i.id,
      number: i.instalmentNumber,
      date: instalmentDate(i.dueDate),
      amount: formatPounds(i.amount),
      status: STATUS_WORDS[i.status] ?? "Scheduled",
      failed: i.status === "FAILED",
    }),
  );
  const link = new URL(url);
  if (expanded) link.searchParams.delete(SCHEDULE_PARAM);
  else link.searchParams.set(SCHEDULE_PARAM, "all");
  const toggle =
    all.length > SCHEDULE_FIRST_SHOWN
      ? { label: expanded ? ("Hide" as const) : ("Show more" as const), href: `${link.pathname}${link.search}#${anchor}` }
      : null;
  return { rows: expanded ? all : all.slice(0, SCHEDULE_FIRST_SHOWN), total: all.length, expanded, toggle };
}
