import React, { useState } from "react";
import { UploadFile } from "@/integrations/Core";
import { prettify } from "@/services/format";

const inputClass =
  "w-full rounded-lg border border-border bg-surface px-3 py-2 text-sm text-foreground placeholder:text-muted-foreground focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/20";

function optionsOf(options) {
  return options.map((option) => (typeof option === "object" ? option : { value: option, label: prettify(option) }));
}

function TagsInput({ id, value, onChange }) {
  const [text, setText] = useState((value || []).join(", "));

  function handleChange(event) {
    setText(event.target.value);
    onChange(
      event.target.value
        .split(",")
        .map((tag) => tag.trim())
        .filter(Boolean),
    );
  }

  return (
    <input id={id} className={inputClass} value={text} onChange={handleChange} placeholder="Separate with commas" />
  );
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
        <input
          id={id}
          className={inputClass}
          value={value || ""}
          onChange={(event) => onChange(event.target.value)}
          placeholder="https://… or upload a file"
        />
        <label className="inline-flex items-center justify-center gap-2 rounded-lg border border-border bg-surface px-4 py-2 text-sm font-medium text-foreground transition-colors hover:bg-muted cursor-pointer whitespace-nowrap">
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
      return (
        <textarea
          id={id}
          rows={4}
          className={inputClass}
          value={value ?? ""}
          onChange={(event) => onChange(event.target.value)}
          placeholder={placeholder}
        />
      );
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
      return (
        <input
          id={id}
          type="color"
          className="h-10 w-16 cursor-pointer rounded-lg border border-border bg-surface p-1"
          value={value || "#000000"}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    case "datetime":
      return (
        <input
          id={id}
          type="datetime-local"
          className={inputClass}
          value={value ?? ""}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    default:
      return (
        <input
          id={id}
          type={type}
          min={min}
          max={max}
          step={type === "number" ? "any" : undefined}
          className={inputClass}
          value={value ?? ""}
          onChange={(event) => onChange(event.target.value)}
          placeholder={placeholder}
        />
      );
  }
}

/**
 * One labelled form control. `type` is text, textarea, number, date, datetime, email, url,
 * checkbox, select (with `options`), tags, image or color.
 */
export default function FieldInput({
  label,
  type = "text",
  value,
  onChange,
  options = [],
  required = false,
  error,
  placeholder,
  min,
  max,
}) {
  const id = "field-" + label.toLowerCase().replace(/[^a-z0-9]+/g, "-");

  if (type === "checkbox") {
    return (
      <label className="flex items-center gap-3 py-1 text-sm font-medium">
        <input
          type="checkbox"
          checked={Boolean(value)}
          onChange={(event) => onChange(event.target.checked)}
          className="h-4 w-4 rounded accent-primary"
        />
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
      <Control
        id={id}
        type={type}
        value={value}
        onChange={onChange}
        options={options}
        placeholder={placeholder}
        min={min}
        max={max}
      />
      {error && <p className="text-sm text-danger">{error}</p>}
    </div>
  );
}
