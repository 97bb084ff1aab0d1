// Shared files of every generated app: small components and formatting helpers the pages import.

/** Tailwind classes reused by the generators (semantic colours from globals.css). */
export const CLASSES = {
  primaryButton:
    'inline-flex items-center justify-center gap-2 rounded-lg bg-primary px-4 py-2 text-sm font-medium text-primary-foreground shadow-sm transition-colors hover:bg-primary-hover disabled:cursor-not-allowed disabled:opacity-60',
  secondaryButton:
    'inline-flex items-center justify-center gap-2 rounded-lg border border-border bg-surface px-4 py-2 text-sm font-medium text-foreground transition-colors hover:bg-muted',
  dangerButton:
    'inline-flex items-center justify-center gap-2 rounded-lg border border-border bg-surface px-4 py-2 text-sm font-medium text-danger transition-colors hover:bg-danger/10',
  iconButton: 'rounded-lg p-2 text-muted-foreground transition-colors hover:bg-muted hover:text-foreground',
  card: 'rounded-xl border border-border bg-surface shadow-sm',
  input:
    'w-full rounded-lg border border-border bg-surface px-3 py-2 text-sm text-foreground placeholder:text-muted-foreground focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/20',
} as const;

/** Files every generated app shares (components and helpers), keyed by path. */
export const SHARED_FILES: Record<string, string> = {
  'components/PageHeader.jsx': `import React from "react";
import { Link } from "react-router-dom";
import { ArrowLeftIcon } from "lucide-react";

/** Page title with an optional back link and actions (children) on the right. */
export default function PageHeader({ title, subtitle, backTo, backLabel = "Back", children }) {
  return (
    <div className="mb-6 space-y-3">
      {backTo && (
        <Link to={backTo} className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
          <ArrowLeftIcon className="h-4 w-4" />
          {backLabel}
        </Link>
      )}
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <h1 className="truncate text-2xl font-semibold tracking-tight">{title}</h1>
          {subtitle && <p className="mt-1 text-sm text-muted-foreground">{subtitle}</p>}
        </div>
        {children && <div className="flex flex-wrap items-center gap-2">{children}</div>}
      </div>
    </div>
  );
}
`,
  'components/EmptyState.jsx': `import React from "react";
import { InboxIcon } from "lucide-react";

/** Shown instead of a list when there is nothing to show yet. */
export default function EmptyState({ icon: Icon = InboxIcon, title, message, action }) {
  return (
    <div className="${CLASSES.card} flex flex-col items-center px-6 py-12 text-center">
      <div className="mb-4 rounded-full bg-primary/10 p-3 text-primary">
        <Icon className="h-6 w-6" />
      </div>
      <h2 className="text-base font-semibold">{title}</h2>
      {message && <p className="mt-1 max-w-sm text-sm text-muted-foreground">{message}</p>}
      {action && <div className="mt-5">{action}</div>}
    </div>
  );
}
`,
  'components/LoadingState.jsx': `import React from "react";
import { LoaderCircleIcon } from "lucide-react";

/** A spinner with a short label while data loads. */
export default function LoadingState({ label = "Loading…" }) {
  return (
    <div className="flex items-center justify-center gap-2 py-12 text-sm text-muted-foreground" role="status">
      <LoaderCircleIcon className="h-5 w-5 animate-spin" />
      {label}
    </div>
  );
}
`,
  'components/ErrorMessage.jsx': `import React from "react";
import { CircleAlertIcon } from "lucide-react";

/** An error in words, with an optional retry button. */
export default function ErrorMessage({ message, onRetry }) {
  return (
    <div className="flex items-start gap-3 rounded-xl border border-danger/30 bg-danger/10 p-4 text-sm text-danger" role="alert">
      <CircleAlertIcon className="mt-0.5 h-5 w-5 shrink-0" />
      <div className="flex-1">
        <p className="font-medium">Something went wrong</p>
        <p className="mt-0.5">{message}</p>
      </div>
      {onRetry && (
        <button type="button" onClick={onRetry} className="rounded-lg px-3 py-1 font-medium hover:bg-danger/10">
          Try again
        </button>
      )}
    </div>
  );
}
`,
  'components/FieldInput.jsx': `import React, { useState } from "react";
import { UploadFile } from "@/integrations/Core";

const inputClass =
  "${CLASSES.input}";

function optionsOf(options) {
  return options.map((option) => (typeof option === "object" ? option : { value: option, label: prettyLabel(option) }));
}

function prettyLabel(value) {
  const text = String(value).replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function TagsInput({ id, value, onChange }) {
  const [text, setText] = useState((value || []).join(", "));

  function handleChange(event) {
    setText(event.target.value);
    onChange(
      event.target.value
        .split(",")
        .map((tag) => tag.trim())
        .filter(Boolean)
    );
  }

  return <input id={id} className={inputClass} value={text} onChange={handleChange} placeholder="Separate with commas" />;
}

function ImageInput({ id, value, onChange }) {
  const [isUploading, setIsUploading] = useState(false);
  const [uploadError, setUploadError] = useState("");

  async function handleFile(event) {
    const file = event.target.files?.[0];
    if (!file) return;
    setIsUploading(true);
    setUploadError("");
    try {
      const { file_url } = await UploadFile({ file });
      onChange(file_url);
    } catch (error) {
      setUploadError(error?.message || "Failed to upload image. Please try again.");
    } finally {
      setIsUploading(false);
    }
  }

  return (
    <div className="space-y-2">
      {value && <img src={value} alt="" className="h-32 w-32 rounded-lg border border-border object-cover" />}
      <div className="flex flex-col gap-2 sm:flex-row">
        <input id={id} className={inputClass} value={value || ""} onChange={(event) => onChange(event.target.value)} placeholder="https://… or upload a file" />
        <label className="${CLASSES.secondaryButton} cursor-pointer whitespace-nowrap">
          {isUploading ? "Uploading…" : "Upload"}
          <input type="file" accept="image/*" className="hidden" onChange={handleFile} disabled={isUploading} />
        </label>
      </div>
      {uploadError && <p className="text-sm text-danger">{uploadError}</p>}
    </div>
  );
}

function Control({ id, type, value, onChange, options, placeholder, min, max }) {
  switch (type) {
    case "textarea":
      return <textarea id={id} rows={4} className={inputClass} value={value ?? ""} onChange={(event) => onChange(event.target.value)} placeholder={placeholder} />;
    case "select":
      return (
        <select id={id} className={inputClass} value={value ?? ""} onChange={(event) => onChange(event.target.value)}>
          <option value="">Choose…</option>
          {optionsOf(options).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      );
    case "tags":
      return <TagsInput id={id} value={value} onChange={onChange} />;
    case "image":
      return <ImageInput id={id} value={value} onChange={onChange} />;
    case "color":
      return <input id={id} type="color" className="h-10 w-16 cursor-pointer rounded-lg border border-border bg-surface p-1" value={value || "#000000"} onChange={(event) => onChange(event.target.value)} />;
    case "datetime":
      return <input id={id} type="datetime-local" className={inputClass} value={value ?? ""} onChange={(event) => onChange(event.target.value)} />;
    default:
      return <input id={id} type={type} min={min} max={max} step={type === "number" ? "any" : undefined} className={inputClass} value={value ?? ""} onChange={(event) => onChange(event.target.value)} placeholder={placeholder} />;
  }
}

/**
 * One labelled form control. \`type\` is text, textarea, number, date, datetime, email, url,
 * checkbox, select (with \`options\`), tags, image or color.
 */
export default function FieldInput({ label, type = "text", value, onChange, options = [], required = false, error, placeholder, min, max }) {
  const id = "field-" + label.toLowerCase().replace(/[^a-z0-9]+/g, "-");

  if (type === "checkbox") {
    return (
      <label className="flex items-center gap-3 py-1 text-sm font-medium">
        <input type="checkbox" checked={Boolean(value)} onChange={(event) => onChange(event.target.checked)} className="h-4 w-4 rounded accent-primary" />
        {label}
      </label>
    );
  }

  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
        {required && <span className="text-danger"> *</span>}
      </label>
      <Control id={id} type={type} value={value} onChange={onChange} options={options} placeholder={placeholder} min={min} max={max} />
      {error && <p className="text-sm text-danger">{error}</p>}
    </div>
  );
}
`,
  'components/FieldValue.jsx': `import React from "react";
import { formatDate, formatDateTime, formatNumber, prettify } from "@/services/format";

/** A stored value shown by its field type (see FieldInput for the types). */
export default function FieldValue({ type = "text", value }) {
  const isEmpty = value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0);
  if (isEmpty && type !== "checkbox") return <span className="text-muted-foreground">—</span>;

  switch (type) {
    case "checkbox":
      return (
        <span className={value ? "rounded-full bg-success/10 px-2 py-0.5 text-xs font-medium text-success" : "rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground"}>
          {value ? "Yes" : "No"}
        </span>
      );
    case "date":
      return <span>{formatDate(value)}</span>;
    case "datetime":
      return <span>{formatDateTime(value)}</span>;
    case "number":
      return <span>{formatNumber(value)}</span>;
    case "select":
      return <span className="rounded-full bg-primary/10 px-2 py-0.5 text-xs font-medium text-primary">{prettify(value)}</span>;
    case "tags":
      return (
        <span className="flex flex-wrap gap-1">
          {value.map((tag) => (
            <span key={tag} className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium">
              {tag}
            </span>
          ))}
        </span>
      );
    case "url":
      return (
        <a href={value} target="_blank" rel="noreferrer" className="text-primary underline-offset-2 hover:underline">
          {value.replace(/^https?:\\/\\//, "")}
        </a>
      );
    case "email":
      return (
        <a href={"mailto:" + value} className="text-primary underline-offset-2 hover:underline">
          {value}
        </a>
      );
    case "image":
      return <img src={value} alt="" className="h-24 w-24 rounded-lg border border-border object-cover" />;
    case "color":
      return (
        <span className="inline-flex items-center gap-2">
          <span className="h-4 w-4 rounded-full border border-border" style={{ backgroundColor: value }} />
          {value}
        </span>
      );
    case "textarea":
      return <span className="whitespace-pre-wrap">{value}</span>;
    case "json":
      return <code className="text-xs">{JSON.stringify(value)}</code>;
    default:
      return <span>{String(value)}</span>;
  }
}
`,
  'services/format.js': `// Formatting helpers shared by the pages.

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
  return Number.isNaN(date.getTime()) ? String(value) : date.toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" });
}

/** A timestamp in the reader's locale and time zone. */
export function formatDateTime(value) {
  if (!value) return "";
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

/** A number in the reader's locale (1234.5 -> "1,234.5"). */
export function formatNumber(value) {
  const number = Number(value);
  return Number.isFinite(number) ? number.toLocaleString() : String(value);
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
`,
};
