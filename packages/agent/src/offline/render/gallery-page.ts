// A gallery of an entity's records that have a picture: a grid of image cards linking to each record.
import { entityIdentifier, pagesOf, type AppModel, type ExtraPage } from '../app-model';
import { displayFieldOf, fieldSpecsOf } from '../fields';
import { humanize, jsString, pluralize } from '../text';
import { entityImport } from './code';
import { CLASSES } from './shared';

/** The gallery page, or null when the entity has no image field. */
export function renderGalleryPage(model: AppModel, page: ExtraPage): string | null {
  const e = model.entities.find((x) => x.name === page.entity);
  if (!e) return null;
  const fields = fieldSpecsOf(
    e.schema,
    model.entities.map((x) => x.name),
  );
  const image = fields.find((f) => f.kind === 'image');
  if (!image) return null;
  // A price under each picture, in its currency.
  const money = fields.find((f) => f.currency);
  const id = entityIdentifier(e.name);
  const pages = pagesOf(e.name);
  const display = displayFieldOf(e.schema);
  const plural = humanize(pluralize(e.name));
  return `import React from "react";
import { Link } from "react-router-dom";
import { ImageIcon } from "lucide-react";
${entityImport(e.name)}
import { createPageUrl } from "@/utils";
import PageHeader from "@/components/PageHeader";
import LoadingState from "@/components/LoadingState";
import ErrorMessage from "@/components/ErrorMessage";
import EmptyState from "@/components/EmptyState";${
    money
      ? `
import { formatMoney } from "@/services/format";`
      : ''
  }
import { useRecords } from "@/services/useRecords";

const IMAGE_FIELD = ${jsString(image.key)};
const TITLE_FIELD = ${display ? jsString(display) : 'null'};

export default function ${page.name}() {
  const { records: rows, isLoading, error, reload } = useRecords(${id}, { limit: 200 });

  const pictured = rows.filter((row) => row[IMAGE_FIELD]);

  return (
    <div>
      <PageHeader title=${jsString(page.title)} subtitle=${jsString(`Every ${humanize(e.name)} with a picture`)} />
      {isLoading ? (
        <LoadingState />
      ) : error ? (
        <ErrorMessage message={error} onRetry={reload} />
      ) : pictured.length === 0 ? (
        <EmptyState icon={ImageIcon} title=${jsString(`No pictures of ${plural} yet`)} message="Add a picture to a record and it shows up here." />
      ) : (
        <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
          {pictured.map((row) => (
            <Link key={row.id} to={createPageUrl(${jsString(`${pages.detail}?id=`)} + row.id)} className="${CLASSES.card} group overflow-hidden">
              <img src={row[IMAGE_FIELD]} alt="" className="aspect-square w-full object-cover transition-transform group-hover:scale-105" />
              <div className="truncate px-3 py-2 text-sm font-medium">{(TITLE_FIELD && row[TITLE_FIELD]) || ${jsString(`Untitled ${humanize(e.name)}`)}}</div>${
                money
                  ? `
              {row[${jsString(money.key)}] != null && row[${jsString(money.key)}] !== "" && (
                <div className="-mt-1 px-3 pb-2 text-sm tabular-nums text-muted-foreground">{formatMoney(row[${jsString(money.key)}], ${jsString(money.currency!)})}</div>
              )}`
                  : ''
              }
            </Link>
          ))}
        </div>
      )}
    </div>
  );
}
`;
}
