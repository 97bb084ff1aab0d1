import { randomUUID } from 'node:crypto';
import {
  APP_CHAT_MESSAGES,
  type AppChatActivateResponse,
  type AppChatPublic,
  type AppChatSettings,
  type AppChatSettingsUpdate,
} from '@tessera/contracts/app-chat';
import { type SessionUser } from '@tessera/contracts/auth';
import { type RetrievedChunk } from '@tessera/contracts/context';
import { type PlanCatalogueLimits } from '@tessera/contracts/plans';
import {
  ANONYMOUS_RUNS_PER_ADDRESS_FACTOR,
  TOOL_RUN_MESSAGES,
  toolRunMessage,
  type ToolRunEvent,
} from '@tessera/contracts/tool-runs';
import { RESERVED_FIELD_NAME } from '@tessera/contracts/tools';
import { AppError } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import type { ModelCatalog } from '../../platform/llm/models';
import type { RateLimiter } from '../../platform/rate-limit';
import type { AppPrincipal } from '../app-users';
import type { RetrievalService } from '../retrieval';
import {
  answerRun,
  identifyRunCaller,
  RUN_CHUNKS,
  runModelFor,
  runSettingsOf,
  runWindows,
  type RunApp as HostApp,
  type RunField,
  type ToolRunsRepo,
} from '../tool-runs';
import type { AppChatRepo } from './app-chat.repo';

/** The tool id an assistant's turns are recorded under among the app's runs. */
export const APP_CHAT_TOOL_ID = 'app-chat';
/** Characters of the instructions added to the retrieval query after the question. */
const QUERY_INSTRUCTIONS_CHARS = 300;

/** The one field of a chat turn: the question. */
const QUESTION_FIELD: RunField = {
  name: RESERVED_FIELD_NAME,
  label: 'Question',
  type: 'long_text',
  required: true,
  personal: false,
  memorize: false,
  filterCondition: 'none',
  options: [],
};

/** Who asks on the app's host: one of its end users (their principal) or a visitor by their signed id. */
export interface ChatCaller {
  principal: AppPrincipal | null;
  visitorToken: string | null;
  ip: string;
}

/**
 * The chat assistant of generated apps (docs/product/app-chat.md). The builder's side: its settings
 * and activation (the app's owner, an admin). The end users' side, on the app's host: a question is
 * answered like a tool run, by the same engine — hybrid retrieval over the chosen data sources, the
 * records the caller may read, the configured model (or the offline answer model), counted under the
 * same per-user limits and recorded as a run.
 */
export function createAppChatService({
  repo,
  runsRepo,
  retrieval,
  models,
  rateLimiter,
  secret,
  logger,
  limitsOf,
  ownedApp,
  isAdmin,
  readableRecords,
  now = () => new Date(),
}: {
  repo: AppChatRepo;
  runsRepo: ToolRunsRepo;
  retrieval: Pick<RetrievalService, 'searchSimilar'>;
  models: ModelCatalog;
  rateLimiter: RateLimiter;
  secret: string;
  logger: Logger;
  limitsOf: (plan: string) => Pick<PlanCatalogueLimits, 'toolRunsPerMonth'>;
  ownedApp: (user: SessionUser, appId: string) => Promise<{ id: string; kind: string }>;
  isAdmin: (user: SessionUser) => Promise<boolean>;
  /** The records of the app this end user (or visitor, null) may read that bear on the question. */
  readableRecords: (appId: string, principal: AppPrincipal | null, question: string) => Promise<RetrievedChunk[]>;
  now?: () => Date;
}) {
  /** The app, if this builder owns it, is a generated app, and they are an admin (the App chat panel's). */
  async function editableApp(user: SessionUser, appId: string) {
    const app = await ownedApp(user, appId);
    if (!(await isAdmin(user))) throw new AppError('FORBIDDEN', APP_CHAT_MESSAGES.adminsOnly);
    if (app.kind !== 'generated') throw new AppError('CONFLICT', APP_CHAT_MESSAGES.generatedOnly);
    return app;
  }

  async function activeChat(appId: string): Promise<AppChatSettings & { chatAppId: string }> {
    const chat = await repo.find(appId);
    if (chat.status !== 'active' || !chat.chatAppId) throw new AppError('NOT_FOUND', APP_CHAT_MESSAGES.notActive);
    return { ...chat, chatAppId: chat.chatAppId };
  }

  return {
    async get(user: SessionUser, appId: string): Promise<AppChatSettings> {
      const app = await editableApp(user, appId);
      return repo.find(app.id);
    },

    async save(user: SessionUser, appId: string, update: AppChatSettingsUpdate): Promise<AppChatSettings> {
      const app = await editableApp(user, appId);
      if (update.dataItemIds) {
        const ids = [...new Set(update.dataItemIds)];
        const known = await repo.existingItemIds(app.id, ids);
        const unknown = ids.find((id) => !known.has(id));
        if (unknown)
          throw new AppError(
            'VALIDATION_FAILED',
            toolRunMessage(APP_CHAT_MESSAGES.unknownDataSource, { id: unknown }),
            {
              field: 'dataItemIds',
            },
          );
        update = { ...update, dataItemIds: ids };
      }
      return repo.save(app.id, update);
    },

    async activate(user: SessionUser, appId: string, isActive: boolean): Promise<AppChatActivateResponse> {
      const app = await editableApp(user, appId);
      const chat = await repo.setStatus(app.id, isActive ? 'active' : 'draft', randomUUID());
      return { status: chat.status, chatAppId: chat.chatAppId! };
    },

    /** What the app's chat widget shows; a 404 while the assistant is not active. */
    async publicOf(app: HostApp): Promise<AppChatPublic> {
      const chat = await activeChat(app.id);
      return { chatAppId: chat.chatAppId, name: chat.name, welcomeMessage: chat.welcomeMessage };
    },

    /** What the app's chat widget shows, or null while the assistant is not active (the pages' boot data). */
    async findPublic(app: HostApp): Promise<AppChatPublic | null> {
      return this.publicOf(app).catch((err: unknown) => {
        if (err instanceof AppError && err.code === 'NOT_FOUND') return null;
        throw err;
      });
    },

    /**
     * Checks and starts one turn; its events stream as the answer is written. Refusals (not active,
     * a limit, a forged visitor id) are thrown before anything streams.
     */
    async ask(
      app: HostApp,
      caller: ChatCaller,
      question: string,
    ): Promise<{ events: AsyncIterable<ToolRunEvent>; newVisitorToken: string | null }> {
      const chat = await activeChat(app.id);
      const row = await runsRepo.findToolApp(app.id);
      if (!row) throw new AppError('NOT_FOUND', APP_CHAT_MESSAGES.notActive);
      const settings = runSettingsOf(row.settings);
      const appUserId = caller.principal?.userId ?? null;
      const identity = identifyRunCaller(
        app.id,
        { appUserId, visitorToken: caller.visitorToken },
        secret,
        settings.isLoginRequired,
      );
      if (!appUserId) {
        const perAddress = await rateLimiter.hit(`app-chat-ip:${app.id}:${caller.ip}`, 86_400);
        if (perAddress.count > settings.daily * ANONYMOUS_RUNS_PER_ADDRESS_FACTOR)
          throw new AppError('RATE_LIMITED', TOOL_RUN_MESSAGES.tooManyFromAddress, { limit: 'address' });
      }
      const model = await runModelFor(models, settings.aiModel);
      const query = [question, chat.instructions.slice(0, QUERY_INSTRUCTIONS_CHARS)].filter(Boolean).join('\n');
      // Retrieval and the records do not depend on the turn's record: they go on while it is counted.
      const retrieved = Promise.all([
        retrieval.searchSimilar({ appId: app.id, query, itemIds: chat.dataItemIds, limit: RUN_CHUNKS }),
        chat.canReadRecords ? readableRecords(app.id, caller.principal, question) : [],
      ]).then(([chunks, records]) => [...records, ...chunks]);
      retrieved.catch(() => undefined);
      const runId = randomUUID();
      const started = await runsRepo.startRun(
        {
          id: runId,
          appId: app.id,
          ownerUserId: app.ownerUserId,
          toolId: APP_CHAT_TOOL_ID,
          toolPath: chat.chatAppId,
          // The assistant's turns count apart from the app's tool runs.
          subject: `chat:${identity.subject}`,
          appUserId,
          inputs: { [RESERVED_FIELD_NAME]: question },
          model: model.kind === 'offline' ? 'offline:answer' : model.model.id,
          limits: {
            daily: settings.daily,
            weekly: settings.weekly,
            ownerMonthly: limitsOf(row.plan ?? 'lite').toolRunsPerMonth,
          },
          credits: 0,
        },
        runWindows(now()),
      );
      if (!started.ok) {
        const message =
          started.reason === 'daily'
            ? toolRunMessage(TOOL_RUN_MESSAGES.dailyLimit, { n: settings.daily })
            : started.reason === 'weekly'
              ? toolRunMessage(TOOL_RUN_MESSAGES.weeklyLimit, { n: settings.weekly })
              : TOOL_RUN_MESSAGES.ownerLimit;
        throw new AppError('RATE_LIMITED', message, { limit: started.reason });
      }
      const events = answerRun({
        runId,
        appId: app.id,
        tool: {
          title: chat.name,
          instructions: chat.instructions,
          // Whether it has anything to answer from (the offline model says which it lacks).
          dataItems: chat.dataItemIds?.length === 0 && !chat.canReadRecords ? [] : [{ contextItemId: chat.chatAppId }],
        },
        fields: [QUESTION_FIELD],
        values: { [RESERVED_FIELD_NAME]: question },
        settings,
        model,
        newVisitorToken: identity.newVisitorToken,
        left: {
          creditsLeft: null,
          runsLeft: {
            today: Math.max(0, settings.daily - started.runsToday),
            thisWeek: Math.max(0, settings.weekly - started.runsThisWeek),
          },
        },
        retrieved,
        deps: { repo: runsRepo, logger },
      });
      return { events, newVisitorToken: identity.newVisitorToken };
    },
  };
}

export type AppChatService = ReturnType<typeof createAppChatService>;
