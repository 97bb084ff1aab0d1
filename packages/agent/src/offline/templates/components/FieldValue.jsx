import React from "react";
import { formatDate, formatDateTime, formatMoney, formatNumber, prettify } from "@/services/format";

/** A stored value shown by its field type (see FieldInput for the types); amounts with their `currency` code. */
export default function FieldValue({ type = "text", value, currency }) {
  const isEmpty = value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0);
  if (isEmpty && type !== "checkbox") return <span className="text-muted-foreground">—</span>;

  switch (type) {
    case "checkbox":
      return (
        <span
          className={
            value
              ? "rounded-full bg-success/10 px-2 py-0.5 text-xs font-medium text-success"
              : "rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground"
          }
        >
          {value ? "Yes" : "No"}
        </span>
      );
    case "date":
      return <span>{formatDate(value)}</span>;
    case "datetime":
      return <span>{formatDateTime(value)}</span>;
    case "number":
      return <span className="tabular-nums">{currency ? formatMoney(value, currency) : formatNumber(value)}</span>;
    case "select":
      return (
        <span className="rounded-full bg-primary/10 px-2 py-0.5 text-xs font-medium text-primary">
          {prettify(value)}
        </span>
      );
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
          {value.replace(/^https?:\/\//, "")}
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
