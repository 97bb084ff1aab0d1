import type { AppKind } from './apps';
import { PLANS, type PlanId } from './constants';

/**
 * The one plan table of data-source limits (docs/product/accounts-and-plans.md#roles-and-permissions). The spec names the ratios (paid plans
 * double the lite file size and allow 5 files; lite allows one data item) and the scraper numbers;
 * the lite file size and the monthly processing budget are "not shown", so the values here are ours.
 */
export interface PlanLimits {
  /** Data items (of any kind) one app may hold. */
  maxDataItems: number;
  /** Largest single upload, in bytes, checked while the upload streams. */
  maxFileSizeBytes: number;
  /** Pages a PDF may have; null means no page limit beyond the size limit. */
  maxFilePages: number | null;
  /** Web scraper recursion depth from the start URL. */
  scraperMaxDepth: number;
  /** Web scraper pages per crawl. */
  scraperMaxPages: number;
  /** Bytes of parsed text one account may ingest per calendar month (UTC). */
  monthlyDataProcessingBytes: number;
  /**
   * Bytes one file may unpack to while it is read: a DOCX's inflated parts, the text of a PDF or of
   * a CSV's rendered rows. Bounds decompression bombs (a small upload that inflates to gigabytes).
   */
  maxInflatedBytes: number;
}

const MB = 1024 * 1024;
/** The lite plan's small file size constant; every paid plan doubles it (docs/product/accounts-and-plans.md#roles-and-permissions). */
export const LITE_MAX_FILE_SIZE_BYTES = 5 * MB;
/** A file may unpack to this many times the plan's upload limit (text compresses ~3-10x in a DOCX). */
const INFLATED_SIZE_FACTOR = 4;

export const PLAN_LIMITS: Record<PlanId, PlanLimits> = {
  lite: {
    maxDataItems: 1,
    maxFileSizeBytes: LITE_MAX_FILE_SIZE_BYTES,
    maxFilePages: 1,
    scraperMaxDepth: 2,
    scraperMaxPages: 20,
    monthlyDataProcessingBytes: 20 * MB,
    maxInflatedBytes: INFLATED_SIZE_FACTOR * LITE_MAX_FILE_SIZE_BYTES,
  },
  explorer: {
    maxDataItems: 5,
    maxFileSizeBytes: 2 * LITE_MAX_FILE_SIZE_BYTES,
    maxFilePages: null,
    scraperMaxDepth: 3,
    scraperMaxPages: 50,
    monthlyDataProcessingBytes: 200 * MB,
    maxInflatedBytes: INFLATED_SIZE_FACTOR * 2 * LITE_MAX_FILE_SIZE_BYTES,
  },
  monetizer: {
    maxDataItems: 5,
    maxFileSizeBytes: 2 * LITE_MAX_FILE_SIZE_BYTES,
    maxFilePages: null,
    scraperMaxDepth: 3,
    scraperMaxPages: 100,
    monthlyDataProcessingBytes: 500 * MB,
    maxInflatedBytes: INFLATED_SIZE_FACTOR * 2 * LITE_MAX_FILE_SIZE_BYTES,
  },
  moon: {
    maxDataItems: 5,
    maxFileSizeBytes: 2 * LITE_MAX_FILE_SIZE_BYTES,
    maxFilePages: null,
    scraperMaxDepth: 3,
    scraperMaxPages: 100,
    monthlyDataProcessingBytes: 2048 * MB,
    maxInflatedBytes: INFLATED_SIZE_FACTOR * 2 * LITE_MAX_FILE_SIZE_BYTES,
  },
};

/** The data-source limits of a plan. */
export function planLimits(plan: PlanId): PlanLimits {
  return PLAN_LIMITS[plan];
}

/** A byte count as the "(max {size})" of the file-too-big message: "5 MB", "512 KB". */
export function formatFileSize(bytes: number): string {
  if (bytes >= MB) return `${Number((bytes / MB).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KB`;
  return `${bytes} B`;
}

/** Whether `plan` is `min` or a higher tier (PLANS runs from the free plan up). */
export function isPlanAtLeast(plan: PlanId, min: PlanId): boolean {
  return PLANS.indexOf(plan) >= PLANS.indexOf(min);
}

/** The lowest plan whose builders get App settings on generated apps (docs/product/accounts-and-plans.md#roles-and-permissions). */
export const APP_SETTINGS_MIN_PLAN: PlanId = 'moon';

/**
 * docs/product/accounts-and-plans.md#screens-and-routes: App settings of a generated app need an admin or the MOON plan or above; single
 * tools and space apps always have theirs. The server enforces it, the menu hides the entry.
 */
export function canEditAppSettings({
  kind,
  plan,
  isAdmin,
}: {
  kind: AppKind;
  plan: PlanId;
  isAdmin: boolean;
}): boolean {
  return kind !== 'generated' || isAdmin || isPlanAtLeast(plan, APP_SETTINGS_MIN_PLAN);
}
