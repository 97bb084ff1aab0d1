// Formatting helpers shared by the pages.

/** "in_progress" -> "In progress". */
export function prettify(value) {
  const text = String(value ?? "").replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A calendar date ("2026-01-31") in the reader's locale, without a time-zone shift. */
export function formatDate(value) {
  if (!value) return "";
  const [year, month, day] = String(value).slice(0, 10).split("-").map(Number);
  const date = new Date(year, (month || 1) - 1, day || 1);
  return Number.isNaN(date.getTime())
    ? String(value)
    : date.toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" });
}

/** A timestamp in the reader's locale and time zone. */
export function formatDateTime(value) {
  if (!value) return "";
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? String(value)
    : date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

/** A number in the reader's locale (1234.5 -> "1,234.5"). */
export function formatNumber(value) {
  const number = Number(value);
  return Number.isFinite(number) ? number.toLocaleString() : String(value);
}

/** An amount in its currency, in the reader's locale (1234.5, "EUR" -> "€1,234.50"). */
export function formatMoney(value, currency) {
  const number = Number(value);
  if (!Number.isFinite(number)) return String(value);
  try {
    return new Intl.NumberFormat(undefined, { style: "currency", currency }).format(number);
  } catch {
    return `${number.toLocaleString()} ${currency}`;
  }
}

/** A stored timestamp as the value of a datetime-local input (local time). */
export function toDateTimeInput(value) {
  if (!value) return "";
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60000);
  return local.toISOString().slice(0, 16);
}

/** A datetime-local input value as an ISO timestamp (or null when empty). */
export function fromDateTimeInput(value) {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** A readable message for a failed call. */
export function errorMessage(error) {
  return error?.message || "Something went wrong. Please try again.";
}
