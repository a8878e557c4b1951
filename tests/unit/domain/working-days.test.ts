import { describe, expect, it } from "vitest";
import { addWorkingDays, isWorkingDay } from "../../../server/domain/working-days";

describe("working days (England and Wales)", () => {
  it("skips a weekend", () => {
    expect(isWorkingDay("2026-11-28")).toBe(false); // Saturday
    expect(addWorkingDays("2026-11-20", 1)).toBe("2026-11-23"); // Friday → Monday
    expect(addWorkingDays("2026-11-23", 5)).toBe("2026-11-30");
  });

  it("skips Good Friday and Easter Monday", () => {
    expect(addWorkingDays("2026-04-02", 1)).toBe("2026-04-07"); // Thursday → Tuesday after Easter
    expect(addWorkingDays("2027-03-25", 1)).toBe("2027-03-30");
  });

  it("skips Christmas Day and Boxing Day's substitute day", () => {
    // 2026: Christmas Friday, Boxing Day Saturday, substitute Monday 28 December
    expect(isWorkingDay("2026-12-28")).toBe(false);
    expect(addWorkingDays("2026-12-24", 1)).toBe("2026-12-29");
    expect(addWorkingDays("2026-12-22", 5)).toBe("2026-12-31"); // 23, 24, 29, 30, 31
    expect(addWorkingDays("2026-12-22", 6)).toBe("2027-01-04"); // 1 January is a bank holiday
  });

  it("counts substitute days when Christmas falls at the weekend (2027) and New Year's Day (2028)", () => {
    expect(addWorkingDays("2027-12-24", 1)).toBe("2027-12-29");
    expect(addWorkingDays("2027-12-31", 1)).toBe("2028-01-04");
  });

  it("counts no days for n = 0 and refuses a negative count", () => {
    expect(addWorkingDays("2026-11-28", 0)).toBe("2026-11-28");
    expect(() => addWorkingDays("2026-11-28", -1)).toThrow(RangeError);
  });
});
