import React from "react";
import { CircleAlertIcon } from "lucide-react";

/** An error in words, with an optional retry button. */
export default function ErrorMessage({ message, onRetry }) {
  return (
    <div
      className="flex items-start gap-3 rounded-xl border border-danger/30 bg-danger/10 p-4 text-sm text-danger"
      role="alert"
    >
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
