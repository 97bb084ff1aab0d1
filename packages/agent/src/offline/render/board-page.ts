// Kanban boards: which field a board groups by, how a board page is added to an app, and its page file.
import { boardPageOf, entityIdentifier, pagesOf, type AppModel, type ExtraPage } from '../app-model';
import { displayFieldOf, fieldSpecsOf, type FieldSpec } from '../fields';
import { capitalize, humanize, jsString, pluralize } from '../text';
import { entityImport } from './code';
import { renderCustomPage } from './info-pages';
import { CLASSES } from './shared';
/** The field a board groups by: status, stage or state, else the first choice field. */
export function boardFieldOf(model: AppModel, entity: string): FieldSpec | undefined {
  const e = model.entities.find((x) => x.name === entity);
  if (!e) return undefined;
  const selects = fieldSpecsOf(
    e.schema,
    model.entities.map((x) => x.name),
  ).filter((f) => f.kind === 'select');
  return selects.find((f) => ['status', 'stage', 'state'].includes(f.key)) ?? selects[0];
}

/**
 * Gives an entity with no choice field a status field (todo, in progress, done) for a board's columns;
 * returns the key it added, or null when the entity already has a field to group by.
 */
export function addBoardField(model: AppModel, entity: string): string | null {
  const e = model.entities.find((x) => x.name === entity);
  if (!e || boardFieldOf(model, entity)) return null;
  const key = 'status' in e.schema.properties ? 'stage' : 'status';
  e.schema.properties[key] = { type: 'string', enum: ['todo', 'in_progress', 'done'], default: 'todo' };
  return key;
}

/** The board page of an entity ("Tasks board", pages/TaskBoard.jsx). */
export function boardPage(entity: string): ExtraPage {
  return {
    name: boardPageOf(entity),
    kind: 'board',
    title: `${capitalize(humanize(pluralize(entity)))} board`,
    entity,
  };
}

/** A kanban board of an entity: one column per value of its choice field, cards moved by drag or a select. */
export function renderBoardPage(model: AppModel, page: ExtraPage): string {
  const entity = page.entity!;
  const field = boardFieldOf(model, entity);
  const e = model.entities.find((x) => x.name === entity);
  if (!field || !e) return renderCustomPage(model, page);
  const id = entityIdentifier(entity);
  const pages = pagesOf(entity);
  const display = displayFieldOf(e.schema);
  const label = humanize(entity);
  const title = display ? `card.${display} || "Untitled ${label}"` : `"${capitalize(label)} " + card.id.slice(0, 8)`;
  // A deal board shows each card's amount and each column's total, in the amount's currency.
  const money = fieldSpecsOf(
    e.schema,
    model.entities.map((x) => x.name),
  ).find((f) => f.currency);
  return `import React, { useState } from "react";
import { Link } from "react-router-dom";
import { PlusIcon } from "lucide-react";
${entityImport(entity)}
import { createPageUrl } from "@/utils";
import PageHeader from "@/components/PageHeader";
import LoadingState from "@/components/LoadingState";
import ErrorMessage from "@/components/ErrorMessage";
import { errorMessage, ${money ? 'formatMoney, ' : ''}prettify } from "@/services/format";
import { useRecords } from "@/services/useRecords";

// One column per ${field.label.toLowerCase()}; records with another value show in the first column.
const COLUMNS = [${field.options.map((o) => jsString(o)).join(', ')}];
const FIELD = ${jsString(field.key)};${
    money
      ? `
const AMOUNT_FIELD = ${jsString(money.key)};
const CURRENCY = ${jsString(money.currency!)};

function totalOf(cards) {
  return cards.reduce((total, card) => total + (Number(card[AMOUNT_FIELD]) || 0), 0);
}`
      : ''
  }

function columnOf(card) {
  return COLUMNS.includes(card[FIELD]) ? card[FIELD] : COLUMNS[0];
}

export default function ${page.name}() {
  const { records: cards, isLoading, error: loadError, update } = useRecords(${id}, { limit: 500 });
  const [moveError, setMoveError] = useState("");
  const [draggedId, setDraggedId] = useState(null);
  const error = moveError || loadError;

  async function handleMove(card, value) {
    if (columnOf(card) === value) return;
    setMoveError("");
    try {
      await update(card.id, { [FIELD]: value });
    } catch (err) {
      setMoveError(errorMessage(err));
    }
  }

  function handleDrop(value) {
    const card = cards.find((item) => item.id === draggedId);
    setDraggedId(null);
    if (card) handleMove(card, value);
  }

  if (isLoading) return <LoadingState />;

  return (
    <div>
      <PageHeader title=${jsString(page.title)} subtitle="Drag cards between columns, or pick a column on the card.">
        <Link to={createPageUrl(${jsString(pages.form)})} className="${CLASSES.primaryButton}">
          <PlusIcon className="h-4 w-4" />
          New ${label}
        </Link>
      </PageHeader>
      {error && (
        <div className="mb-4">
          <ErrorMessage message={error} />
        </div>
      )}
      <div className="flex gap-4 overflow-x-auto pb-4">
        {COLUMNS.map((column) => {
          const columnCards = cards.filter((card) => columnOf(card) === column);
          return (
            <section
              key={column}
              onDragOver={(event) => event.preventDefault()}
              onDrop={() => handleDrop(column)}
              className="flex w-72 shrink-0 flex-col gap-3 rounded-xl bg-muted p-3"
            >
              <h2 className="flex items-center justify-between px-1 text-sm font-semibold">
                {prettify(column)}
                <span className="rounded-full bg-surface px-2 py-0.5 text-xs text-muted-foreground">{columnCards.length}</span>
              </h2>${
                money
                  ? `
              {columnCards.length > 0 && (
                <p className="-mt-2 px-1 text-xs text-muted-foreground">
                  Total ${money.label.toLowerCase()}: <span className="tabular-nums">{formatMoney(totalOf(columnCards), CURRENCY)}</span>
                </p>
              )}`
                  : ''
              }
              {columnCards.map((card) => (
                <article
                  key={card.id}
                  draggable
                  onDragStart={() => setDraggedId(card.id)}
                  className="${CLASSES.card} cursor-grab space-y-2 p-3 active:cursor-grabbing"
                >
                  <Link to={createPageUrl(${jsString(`${pages.detail}?id=`)} + card.id)} className="block text-sm font-medium hover:text-primary">
                    {${title}}
                  </Link>${
                    money
                      ? `
                  {card[AMOUNT_FIELD] != null && card[AMOUNT_FIELD] !== "" && (
                    <p className="text-sm tabular-nums text-muted-foreground">{formatMoney(card[AMOUNT_FIELD], CURRENCY)}</p>
                  )}`
                      : ''
                  }
                  <select
                    value={columnOf(card)}
                    onChange={(event) => handleMove(card, event.target.value)}
                    aria-label=${jsString(`Move to another ${field.label.toLowerCase()}`)}
                    className="w-full rounded-md border border-border bg-surface px-2 py-1 text-xs"
                  >
                    {COLUMNS.map((option) => (
                      <option key={option} value={option}>
                        {prettify(option)}
                      </option>
                    ))}
                  </select>
                </article>
              ))}
              {columnCards.length === 0 && <p className="px-1 text-xs text-muted-foreground">Nothing here.</p>}
            </section>
          );
        })}
      </div>
    </div>
  );
}
`;
}
