/**
 * Fees, splits and limits (part 1 §1, §9; part 2 §1, §9). Money is integer pence.
 */
import { KEYFREE_FEE_WEEKS, MINIMUM_KEYFREE_FEE_PENCE } from "#common/keyfree-fee";
import { COVER_WEEKS } from "#common/tenant-terms";
import { assertPence, type Pence } from "#common/money";
import {
  addCalendarYears,
  londonDate,
  type CalendarDate,
  type Instant,
} from "./london-time.js";

/** Minimum Keyfree fee: £150 (part 1 §9), in the shared rule book (the guide quotes it). */
export { MINIMUM_KEYFREE_FEE_PENCE } from "#common/keyfree-fee";
/** Claim limit cap at the default cover level: £5,000 (part 1 §9). */
export const DEFAULT_COVER_CAP_PENCE = 500_000;
/** Claim limit cap at the higher cover level: £10,000 (part 1 §9). */
export const HIGHER_COVER_CAP_PENCE = 1_000_000;
// The cover (8 weeks' rent, common/tenant-terms.ts) and the £60 dispute fee (common/dispute-fee.ts)
// are in the shared rule book: the Terms page and the claim page read them too.
/** Annual fee: £30 a year for tenancies over 12 months (part 1 §9, part 2 §9). */
export const ANNUAL_FEE_PENCE = 3_000;

export const COVER_LEVELS = ["DEFAULT", "HIGHER"] as const;
export type CoverLevel = (typeof COVER_LEVELS)[number];

/**
 * Rent for `weeks` weeks from the rent per month: PPM × 12 ÷ 52 × weeks,
 * computed exactly and rounded ONCE to the nearest penny (a half penny cannot
 * occur: the exact value is a multiple of 1/13 of a penny).
 */
export function weeksOfRentPence(ppmPence: Pence, weeks: number): Pence {
  assertPence(ppmPence, "PPM");
  if (!Number.isSafeInteger(weeks) || weeks < 0) throw new RangeError("weeks must be a whole number");
  return Math.round((ppmPence * 12 * weeks) / 52);
}

/** One week's rent from the rent per month, rounded to the nearest penny. */
export function weeklyRentPence(ppmPence: Pence): Pence {
  return weeksOfRentPence(ppmPence, 1);
}

/** The Keyfree fee: one week's rent, minimum £150 (part 1 §9). */
export function keyfreeFeePence(ppmPence: Pence): Pence {
  return Math.max(weeksOfRentPence(ppmPence, KEYFREE_FEE_WEEKS), MINIMUM_KEYFREE_FEE_PENCE);
}

/**
 * The maximum claim: the lower of 8 weeks' rent and £5,000, or £10,000 at the
 * higher cover level (part 1 §9). 8 weeks' rent is PPM × 12 ÷ 52 × 8 rounded
 * once, not 8 × a rounded week.
 */
export function claimLimitPence(ppmPence: Pence, coverLevel: CoverLevel = "DEFAULT"): Pence {
  const cap = coverLevel === "HIGHER" ? HIGHER_COVER_CAP_PENCE : DEFAULT_COVER_CAP_PENCE;
  return Math.min(weeksOfRentPence(ppmPence, COVER_WEEKS), cap);
}

export interface LiableTenant {
  id: string;
  /** How many tenants' shares this tenant pays (part 1 §3, §6); 0 when another tenant pays for them. */
  tenantLiability: number;
}

export interface TenantShare {
  tenantId: string;
  amountPence: Pence;
}

/**
 * Splits an amount between tenants by tenantLiability: a tenant responsible
 * for N tenants pays N shares, and the shares add up exactly to the total.
 *
 * Remainder pennies: every share gets total ÷ shares rounded down; the pennies
 * left over go one per share to the tenants in ascending id order (plain code
 * unit order), so the answer does not depend on the order the tenants were
 * read in and no tenant pays more than one penny per share above another.
 * The result lists the tenants in the order given.
 */
export function splitByLiability(totalPence: Pence, tenants: readonly LiableTenant[]): TenantShare[] {
  assertPence(totalPence, "total");
  const ids = new Set<string>();
  let shares = 0;
  for (const tenant of tenants) {
    if (ids.has(tenant.id)) throw new RangeError(`Tenant ${tenant.id} is listed twice`);
    ids.add(tenant.id);
    if (!Number.isSafeInteger(tenant.tenantLiability) || tenant.tenantLiability < 0) {
      throw new RangeError(`tenantLiability of ${tenant.id} must be a whole, non-negative number`);
    }
    shares += tenant.tenantLiability;
  }
  if (shares === 0) throw new RangeError("At least one tenant must be liable");

  const perShare = Math.floor(totalPence / shares);
  let remainder = totalPence - perShare * shares;
  const extra = new Map<string, number>();
  const byId = [...tenants].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const tenant of byId) {
    const pennies = Math.min(remainder, tenant.tenantLiability);
    extra.set(tenant.id, pennies);
    remainder -= pennies;
  }
  return tenants.map((tenant) => ({
    tenantId: tenant.id,
    amountPence: perShare * tenant.tenantLiability + (extra.get(tenant.id) ?? 0),
  }));
}

/** One tenant's share of an amount split by tenantLiability; throws when the tenant is not listed. */
export function tenantSharePence(totalPence: Pence, tenants: readonly LiableTenant[], tenantId: string): Pence {
  const share = splitByLiability(totalPence, tenants).find((s) => s.tenantId === tenantId);
  if (share === undefined) throw new RangeError(`Tenant ${tenantId} is not on this order`);
  return share.amountPence;
}

/**
 * A tenant's share of the annual fee for `yearsToBePaid` years (part 2 §9:
 * "unpaid years roll into the next payment (yearsToBePaid, default 1)").
 * Reading chosen: each year's £30 is split on its own and the tenant pays
 * their share of each year, i.e. N × their one-year share, so a rolled-over
 * year costs exactly what it would have cost when due.
 */
export function annualFeeSharePence(
  tenants: readonly LiableTenant[],
  tenantId: string,
  yearsToBePaid: number | null | undefined = 1,
): Pence {
  const years = yearsToBePaid ?? 1;
  if (!Number.isSafeInteger(years) || years < 1) throw new RangeError("yearsToBePaid must be a whole number of at least 1");
  return years * tenantSharePence(ANNUAL_FEE_PENCE, tenants, tenantId);
}

export interface TenancyDates {
  /** Calendar date (`YYYY-MM-DD`) or instant; read as a London calendar date. */
  startDate: CalendarDate | Instant;
  /** Calendar date or instant; null for a tenancy with no fixed end (it carries on). */
  endDate: CalendarDate | Instant | null;
}

export interface AnnualFeeAnniversary {
  /** 1 for the first anniversary of the start date, 2 for the second... */
  year: number;
  date: CalendarDate;
}

export interface AnnualFeeSchedule {
  hasAnnualFee: boolean;
  /** Anniversaries on or before today (London) while the tenancy is still running, oldest first. */
  dueAnniversaries: AnnualFeeAnniversary[];
}

/**
 * Whether a tenancy carries the annual fee and which anniversaries are due.
 *
 * Reading chosen: the fee is "for tenancies over 12 months, payable after the
 * first year", so anniversary N (start date + N years, London calendar; a 29
 * February start has its anniversary on 28 February) is chargeable only when
 * the tenancy still runs after that day, i.e. its end date is later than the
 * anniversary. A tenancy from 1 Jan 2024 to 31 Dec 2024 or to 1 Jan 2025 is
 * 12 months and has no annual fee; one ending 2 Jan 2025 has. An anniversary
 * is due from its own day (London) onwards. A tenancy without an end date
 * has an annual fee.
 */
export function annualFeeSchedule(tenancy: TenancyDates, now: Instant): AnnualFeeSchedule {
  const start = londonDate(tenancy.startDate);
  const end = tenancy.endDate === null ? null : londonDate(tenancy.endDate);
  if (end !== null && end < start) throw new RangeError("endDate is before startDate");
  const today = londonDate(now);
  const runsPast = (date: CalendarDate) => end === null || end > date;

  const hasAnnualFee = runsPast(addCalendarYears(start, 1));
  const dueAnniversaries: AnnualFeeAnniversary[] = [];
  for (let year = 1; ; year += 1) {
    const date = addCalendarYears(start, year);
    if (date > today || !runsPast(date)) break;
    dueAnniversaries.push({ year, date });
  }
  return { hasAnnualFee, dueAnniversaries };
}

/**
 * How many years' fee the next annual-fee payment covers: the due
 * anniversaries not yet paid (the unpaid ones roll into this payment).
 * Answers 0 when nothing is owed.
 */
export function annualFeeYearsToBePaid(
  dueAnniversaries: readonly AnnualFeeAnniversary[],
  paidYears: readonly number[],
): number {
  const paid = new Set(paidYears);
  return dueAnniversaries.filter((a) => !paid.has(a.year)).length;
}
