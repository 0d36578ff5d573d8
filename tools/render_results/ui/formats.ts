/**
 * Dates written for the host's locale and time zone (numbers are the messages', `i18n.ts`).
 *
 * @module
 */

/** A date as the view shows it. */
export interface ShownDate {
  /** The text shown. */
  text: string;
  /** The machine-readable date for `<time datetime>`, when the value was understood. */
  datetime?: string;
}

/** Formats for one locale and time zone. */
export interface Formats {
  /**
   * Writes a date given as a string: an ISO 8601 calendar date (`2026-01-26`) as that day, any
   * other date {@link parseDate} understands as the day of that instant in the host's time zone,
   * and anything else as given.
   */
  date(value: string): ShownDate;
}

/** A date string the view understood: the instant it names, and whether it is a calendar day. */
export interface ParsedDate {
  /** The instant; for a calendar day, its start in UTC. */
  time: Date;
  /** Whether the string is an ISO 8601 calendar date (`2026-01-26`), a day in any time zone. */
  calendar: boolean;
}

/**
 * Reads a date string: an ISO 8601 calendar date as that day, any other string with a four-digit
 * year that `Date` reads as an instant; anything else (a bare year or month such as `2026-01`
 * included) is not understood and gives undefined.
 */
export function parseDate(value: string): ParsedDate | undefined {
  const calendar = /^\d{4}(-\d\d)?(-(\d\d))?$/.exec(value);
  const time = new Date(calendar?.[3] || !calendar && /\d{4}/.test(value) ? value : NaN);
  // `Date` rolls 2026-02-30 over into March: such a day is not understood.
  if (isNaN(time.getTime()) || calendar && time.getUTCDate() !== +calendar[3]) return undefined;
  return { time, calendar: calendar !== null };
}

function validZone(timeZone: unknown): string | undefined {
  if (typeof timeZone !== "string") return undefined;
  try {
    new Intl.DateTimeFormat(undefined, { timeZone });
    return timeZone;
  } catch {
    return undefined;
  }
}

function inLocale<T>(locale: unknown, make: (locale?: string) => T): T {
  try {
    return make(typeof locale === "string" ? locale : undefined);
  } catch {
    return make();
  }
}

/** Formats for `locale` and `timeZone`: the browser's own where either is absent or invalid. */
export function makeFormats(locale?: unknown, timeZone?: unknown): Formats {
  const dates = (timeZone?: string) =>
    inLocale(locale, (tag) => new Intl.DateTimeFormat(tag, { dateStyle: "medium", timeZone }));
  const instant = dates(validZone(timeZone));
  // A calendar date names a day, not an instant: written in UTC it stays that day everywhere.
  const day = dates("UTC");
  return {
    date(value) {
      const parsed = parseDate(value);
      if (!parsed) return { text: value };
      return parsed.calendar
        ? { text: day.format(parsed.time), datetime: value }
        : { text: instant.format(parsed.time), datetime: parsed.time.toISOString() };
    },
  };
}
