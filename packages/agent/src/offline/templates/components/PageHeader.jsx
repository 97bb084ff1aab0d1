import React from "react";
import { Link } from "react-router-dom";
import { ArrowLeftIcon } from "lucide-react";

/** Page title with an optional back link and actions (children) on the right. */
export default function PageHeader({ title, subtitle, backTo, backLabel = "Back", children }) {
  return (
    <div className="mb-6 space-y-3">
      {backTo && (
        <Link
          to={backTo}
          className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
        >
          <ArrowLeftIcon className="h-4 w-4" />
          {backLabel}
        </Link>
      )}
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <h1 className="truncate text-2xl font-semibold tracking-tight text-heading">{title}</h1>
          {subtitle && <p className="mt-1 text-sm text-subheading">{subtitle}</p>}
        </div>
        {children && <div className="flex flex-wrap items-center gap-2">{children}</div>}
      </div>
    </div>
  );
}
