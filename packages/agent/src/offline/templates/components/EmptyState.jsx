import React from "react";
import { InboxIcon } from "lucide-react";

/** Shown instead of a list when there is nothing to show yet. */
export default function EmptyState({ icon: Icon = InboxIcon, title, message, action }) {
  return (
    <div className="rounded-xl border border-border bg-surface shadow-sm flex flex-col items-center px-6 py-12 text-center">
      <div className="mb-4 rounded-full bg-primary/10 p-3 text-primary">
        <Icon className="h-6 w-6" />
      </div>
      <h2 className="text-base font-semibold">{title}</h2>
      {message && <p className="mt-1 max-w-sm text-sm text-muted-foreground">{message}</p>}
      {action && <div className="mt-5">{action}</div>}
    </div>
  );
}
