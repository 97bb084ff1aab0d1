import React from "react";
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
