/** The offset of `tz` from UTC at instant `ms`, in milliseconds. */
function offsetAt(ms: number, tz: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: tz,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(ms));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second')) - ms;
}

/** A `datetime-local` value read as a wall-clock time in the site's time zone → ISO instant. */
export function siteTimeToIso(local: string, tz: string): string | null {
  const guess = Date.parse(`${local}:00Z`);
  if (Number.isNaN(guess)) return null;
  let ms = guess - offsetAt(guess, tz);
  ms = guess - offsetAt(ms, tz);
  return new Date(ms).toISOString();
}

/** An instant as the site's wall-clock time, for people (e.g. "Dec 1, 2026, 9:00 AM"). */
export function siteTimeText(iso: string, tz: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: tz, dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
}
