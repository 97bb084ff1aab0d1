import { APP_MESSAGES, MESSAGES } from '@tessera/contracts';
import { type Account } from '@tessera/contracts/accounts';
import { type SessionUser } from '@tessera/contracts/auth';
import { CHAT_LIMITS } from '@tessera/contracts/chat';
import { type PlanId } from '@tessera/contracts/plans';

type ChatAllowance = { builderMessages: number | null; dailyMessages: number | null };
import { AppError } from '../../platform/errors';
import type { AccountsService } from '../accounts';
import type { ChatRepo } from './chat.repo';

/** Chat calls per builder per minute before "Rate limit exceeded" (HTTP 429). */
const CHAT_CALLS_PER_MINUTE = 20;
/** How long a refused builder's turns wait for their checks before the model starts. */
const REFUSAL_MEMORY_MS = 60_000;
const REFUSALS_KEPT = 10_000;

/** The UTC day a message or a cost is counted on. */
export const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/** Builders refused lately (limits, rate limit), in this process: their next turns are not speculated. */
export function createRefusals(now: () => number) {
  const at = new Map<string, number>();
  return {
    isRecent: (userId: string) => now() - (at.get(userId) ?? -Infinity) < REFUSAL_MEMORY_MS,
    remember(userId: string) {
      at.delete(userId);
      at.set(userId, now());
      // Insertion order is age order: the oldest go first.
      for (const key of at.keys()) {
        if (at.size <= REFUSALS_KEPT) break;
        at.delete(key);
      }
    },
  };
}

/**
 * Whether this builder may send now: the plan's chat allowances (admins have none) and the
 * per-minute rate limit, which counts every attempt. One statement reads them and counts the call.
 */
export function createLimitCheck(
  chatRepo: ChatRepo,
  accounts: AccountsService,
  clock: () => Date,
  /** The plan catalogue's chat allowances (billing/plans.ts); the built-in table by default. */
  chatLimitsOf: (plan: PlanId) => ChatAllowance = (plan) => CHAT_LIMITS[plan],
) {
  return async function checkLimits(builder: SessionUser): Promise<Account> {
    const {
      account: row,
      today,
      total,
      calls,
    } = await chatRepo.allowance(builder.id, utcDay(clock()), `chat:${builder.id}`, 60);
    if (!row) throw new AppError('NOT_FOUND', APP_MESSAGES.accountNotFound);
    const account = accounts.fromRow(row, builder);
    if (!account.isAdmin) {
      const limits = chatLimitsOf(account.plan);
      if (limits.builderMessages !== null && total >= limits.builderMessages) {
        throw new AppError('builder-chat-messages-limit-reached', MESSAGES.chat.builderLimit);
      }
      if (limits.dailyMessages !== null && today >= limits.dailyMessages) {
        throw new AppError(
          'daily-chat-messages-limit-reached',
          MESSAGES.chat.dailyLimit.replace('{n}', String(limits.dailyMessages)),
          { limit: limits.dailyMessages },
        );
      }
    }
    if (calls > CHAT_CALLS_PER_MINUTE) throw new AppError('RATE_LIMITED', MESSAGES.chat.rateLimited);
    return account;
  };
}
