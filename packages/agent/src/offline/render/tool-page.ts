// A page that runs one of the app's AI tools (App tools) with Core.RunTool: a form of the tool's
// inputs, the answer under it. The tool is a constant at the top, which readAppModel reads back.
import type { AppModel, ExtraPage } from '../app-model';
import { CLASSES } from './shared';

export function renderToolPage(model: AppModel, page: ExtraPage): string {
  const tool = page.tool!;
  return `import React, { useState } from "react";
import { RunTool } from "@/integrations/Core";
import PageHeader from "@/components/PageHeader";

// The app tool this page runs (App tools in the builder) and its inputs, as its form has them.
const TOOL = ${JSON.stringify(tool)};

const NUMBER_TYPES = ["height", "weight"];

// The answer is markdown: its quotes and paragraphs are shown as such, heading and emphasis marks dropped.
function AnswerText({ text }) {
  return text.split(/\\n{2,}/).map((block, i) => {
    const plain = block
      .replace(/^>\\s?/gm, "")
      .replace(/^#{1,6}\\s+/gm, "")
      .replace(/(\\*\\*|\\*|\`)(.+?)\\1/g, "$2");
    return /^>/.test(block) ? (
      <blockquote key={i} className="border-l-2 border-primary pl-3 italic">
        {plain}
      </blockquote>
    ) : (
      <p key={i} className="whitespace-pre-wrap">
        {plain}
      </p>
    );
  });
}

export default function ${page.name}() {
  const [values, setValues] = useState({});
  const [answer, setAnswer] = useState(null);
  const [error, setError] = useState("");
  const [isRunning, setIsRunning] = useState(false);
  const set = (name, value) => setValues((prev) => ({ ...prev, [name]: value }));

  async function run(event) {
    event.preventDefault();
    setIsRunning(true);
    setError("");
    try {
      setAnswer(await RunTool({ tool: TOOL.path, inputs: values }));
    } catch (err) {
      setAnswer(null);
      setError(err.message || "The tool could not run. Please try again.");
    } finally {
      setIsRunning(false);
    }
  }

  return (
    <div className="space-y-6">
      <PageHeader title={TOOL.title} subtitle=${JSON.stringify(`An AI tool of ${model.name}`)} />
      <form onSubmit={run} className="${CLASSES.card} space-y-4 p-6">
        {TOOL.inputs.map((input) => (
          <label key={input.name} className="block space-y-1 text-sm">
            <span className="font-medium">
              {input.label}
              {input.required ? " *" : ""}
            </span>
            {input.options.length ? (
              <select
                className="${CLASSES.input}"
                multiple={input.type === "multiselect"}
                value={values[input.name] ?? (input.type === "multiselect" ? [] : "")}
                onChange={(e) =>
                  set(
                    input.name,
                    input.type === "multiselect" ? Array.from(e.target.selectedOptions, (o) => o.value) : e.target.value,
                  )
                }
              >
                {input.type !== "multiselect" && <option value="">Choose…</option>}
                {input.options.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            ) : input.type === "long_text" ? (
              <textarea
                className="${CLASSES.input} min-h-28"
                value={values[input.name] ?? ""}
                onChange={(e) => set(input.name, e.target.value)}
              />
            ) : (
              <input
                className="${CLASSES.input}"
                type={NUMBER_TYPES.includes(input.type) ? "number" : input.type === "email" ? "email" : "text"}
                value={values[input.name] ?? ""}
                onChange={(e) =>
                  set(input.name, NUMBER_TYPES.includes(input.type) ? Number(e.target.value) : e.target.value)
                }
              />
            )}
          </label>
        ))}
        <button type="submit" disabled={isRunning} className="${CLASSES.primaryButton}">
          {isRunning ? "Running…" : "Run " + TOOL.title}
        </button>
      </form>
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      {answer && (
        <section aria-label="Answer" className="${CLASSES.card} space-y-3 p-6">
          <div className="space-y-3 text-sm leading-6">
            <AnswerText text={answer.result} />
          </div>
          <p className="text-xs text-muted-foreground">{answer.runsLeft.today} runs left today</p>
        </section>
      )}
    </div>
  );
}
`;
}
