import { APP_MESSAGES, MESSAGES } from '@tessera/contracts';
import {
  formatAmount,
  formatFileSize,
  formatMoney,
  monthlyEquivalent,
  yearlySavingLabel,
  type PlanCard,
} from '@tessera/contracts/plans';

export type BillingInterval = 'month' | 'year';

/** The upgrade reason a limit refusal carries, in the words shown at the dialog's top. */
export function upgradeReasonText(reason: string | null | undefined, message?: string): string | null {
  if (message) return message;
  switch (reason) {
    case 'free_data_items_limit':
      return APP_MESSAGES.freeDataItemsLimit;
    case 'data_processing_limit':
      return MESSAGES.dataSources.dataLimitReached;
    case 'ACTIVATED_TOOL_PER_APP_LIMIT_REACHED':
      return 'You have reached the number of live tools your plan allows in one app.';
    case 'default':
      return 'Upgrade your plan to get more out of your apps.';
    default:
      return null;
  }
}

/**
 * What a card shows as its price for an interval: the amount, what it is per, the struck-out
 * regular price when discounted, the yearly saving badge, and the monthly equivalent of a yearly price.
 */
export function priceView(card: PlanCard, interval: BillingInterval) {
  if (card.price === 0 && !card.priceYearly)
    return { amount: 'Free', per: null, was: null, save: null, equivalent: null };
  if (card.oneTimePayment)
    return { amount: formatMoney(card.price), per: 'once', was: null, save: null, equivalent: null };
  if (interval === 'year' && card.priceYearly !== null) {
    return {
      amount: formatMoney(card.priceYearly),
      per: 'year',
      was: null,
      save: yearlySavingLabel(card.price, card.priceYearly),
      equivalent: `${formatMoney(monthlyEquivalent(card.priceYearly))} a month`,
    };
  }
  const discounted = card.discuountedPrice !== null && card.discuountedPrice < card.price;
  return {
    amount: formatMoney(discounted ? card.discuountedPrice! : card.price),
    per: 'month',
    was: discounted ? formatMoney(card.price) : null,
    save: null,
    equivalent: null,
  };
}

const GB = 1024 ** 3;
const volume = (bytes: number) => (bytes >= GB ? `${Number((bytes / GB).toFixed(1))} GB` : formatFileSize(bytes));

/** A card's limits in words (amounts as K / M), after the operator's own selling points. */
export function planFeatures(card: PlanCard): string[] {
  const l = card.limits;
  const limits = [
    l.maxDataItems === 1 ? '1 data item per app' : `${formatAmount(l.maxDataItems)} data items per app`,
    `Files up to ${formatFileSize(l.maxFileSizeBytes)}`,
    `${volume(l.monthlyDataProcessingBytes)} of data processed a month`,
    l.builderMessages === null
      ? 'Unlimited chat messages'
      : `${formatAmount(l.builderMessages)} chat messages${l.dailyMessages === null ? '' : `, ${formatAmount(l.dailyMessages)} a day`}`,
    `Web scraper: ${formatAmount(l.scraperMaxPages)} pages`,
  ];
  return [...card.features, ...limits.filter((f) => !card.features.includes(f))].slice(0, 7);
}
