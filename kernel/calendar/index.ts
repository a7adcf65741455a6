/** Addis Ababa keeps UTC+3 all year: the platform's own days, and the reports' default. */
const addisOffsetMs = 3 * 60 * 60_000;

/** The Addis Ababa date of an instant, YYYY-MM-DD. */
export const addisDay = (at: Date): string => new Date(at.getTime() + addisOffsetMs).toISOString().slice(0, 10);

/** The start of the UTC hour an instant falls in: the key of hourly sums. */
export const hourOf = (at: Date): Date => new Date(Math.floor(at.getTime() / 3_600_000) * 3_600_000);
