/**
 * A moment (an ISO instant from the server) in the reader's language and time zone: '2026. 11.
 * 23. 오후 3:05', '2026年11月23日 下午3:05'. Text that is not a moment is shown as it came.
 */
export function formatInstant(instant: string, locale: string): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return instant;
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(date);
}
