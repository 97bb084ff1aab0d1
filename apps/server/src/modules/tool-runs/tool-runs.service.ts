import { randomUUID } from 'node:crypto';
import { type PlanCatalogueLimits, type PlanId } from '@tessera/contracts/plans';
import {
  ANONYMOUS_RUNS_PER_ADDRESS_FACTOR,
  TOOL_RUN_DEFAULT_LIMITS,
  TOOL_RUN_MESSAGES,
  toolRunMessage,
  type EditToolRunResultResponse,
  type ToolFieldValue,
  type ToolRunEvent,
  type ToolRunRequest,
  type ToolRunUsage,
} from '@tessera/contracts/tool-runs';
import { findActiveToolByPath, TOOL_SETTINGS_RANGES, ToolAppPartsSchema } from '@tessera/contracts/tools';
import { AppError } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import type { ModelCatalog } from '../../platform/llm/models';
import type { RateLimiter } from '../../platform/rate-limit';
import type { RetrievalService } from '../retrieval';
import { checkRunValues, runFieldsOf, type RunField } from './run-prompt';
import { answerRun, retrieveForRun } from './run-answer';
import { identifyRunCaller, runModelFor } from './run-caller';
import type { RunWindows, ToolRunsRepo } from './tool-runs.repo';
import { verifyVisitorToken } from './visitor-id';

/** The app a tool page is served for (the app host's cached app). */
export interface HostApp {
  id: string;
  ownerUserId: string;
  settings: Record<string, unknown>;
}

/** Who runs: one of the app's end users, else a visitor by their signed id (null: a new visitor). */
export interface RunCaller {
  appUserId: string | null;
  visitorToken: string | null;
  ip: string;
}

const DAY_MS = 86_400_000;

/** The UTC day, ISO week (from Monday) and month a moment falls in. */
export function runWindows(now: Date): RunWindows {
  const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const weekStart = new Date(+dayStart - ((dayStart.getUTCDay() + 6) % 7) * DAY_MS);
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  return { now, dayStart, weekStart, monthStart };
}

/** A whole number setting within its range, else the default. */
function intSetting(value: unknown, range: { min: number; max: number }, fallback: number): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= range.min && value <= range.max
    ? value
    : fallback;
}

/** The run limits and costs an app's settings give (defaults where unset or out of range). */
export function runSettingsOf(settings: Record<string, unknown>) {
  const temperature = settings.modelTemperature;
  return {
    daily: intSetting(settings.dailyUserLimit, TOOL_SETTINGS_RANGES.dailyUserLimit, TOOL_RUN_DEFAULT_LIMITS.daily),
    weekly: intSetting(settings.weeklyUserLimit, TOOL_SETTINGS_RANGES.weeklyUserLimit, TOOL_RUN_DEFAULT_LIMITS.weekly),
    creditsPerRun: intSetting(
      settings.creditsPerRun,
      TOOL_SETTINGS_RANGES.creditsPerRun,
      TOOL_SETTINGS_RANGES.creditsPerRun.default,
    ),
    startingCredits: intSetting(
      settings.startingCredits,
      TOOL_SETTINGS_RANGES.startingCredits,
      TOOL_SETTINGS_RANGES.startingCredits.default,
    ),
    temperature:
      typeof temperature === 'number' && temperature >= 0 && temperature <= 2
        ? temperature
        : TOOL_SETTINGS_RANGES.modelTemperature.default,
    smartFiltering: settings.aiQueryMethod === 'smart_items_filtering',
    userCanEditResults: settings.userCanEditResults === true,
    isLoginRequired: settings.isLoginRequired === true,
    aiModel: typeof settings.aiModel === 'string' && settings.aiModel ? settings.aiModel : undefined,
  };
}

/**
 * Runs of published tools (docs/product/tools.md#states-and-transitions) on the app's own host:
 * the caller's identity and limits, the inputs checked against the tool's fields, then a stream of
 * events while the run retrieves from the tool's data and the model answers; every run recorded.
 */
export function createToolRunsService({
  repo,
  retrieval,
  models,
  rateLimiter,
  secret,
  logger,
  limitsOf,
  now = () => new Date(),
}: {
  repo: ToolRunsRepo;
  retrieval: RetrievalService;
  models: ModelCatalog;
  rateLimiter: RateLimiter;
  secret: string;
  logger: Logger;
  /** A plan's limits from the operator's plan catalogue (the owner's tool runs a month among them). */
  limitsOf: (plan: string) => Pick<PlanCatalogueLimits, 'toolRunsPerMonth'>;
  now?: () => Date;
}) {
  /** The active tool at `path` of this app (or the tool `byId`, live or not), with its fields and the owner's plan. */
  async function toolAt(appId: string, path: string, byId?: { toolId: string; activeOnly: boolean }) {
    const row = await repo.findToolApp(appId);
    // A single tool's tools, or a generated app's App tools (docs/product/tools.md#app-tools).
    const parts = row && row.kind !== 'space' ? ToolAppPartsSchema.safeParse(row.definition) : null;
    const tool = !parts?.success
      ? null
      : byId
        ? (parts.data.tools?.find((t) => t.toolId === byId.toolId && (!byId.activeOnly || t.status === 'active')) ??
          null)
        : findActiveToolByPath(parts.data, path);
    if (!row || !parts?.success || !tool) throw new AppError('NOT_FOUND', TOOL_RUN_MESSAGES.toolNotFound);
    const fields = runFieldsOf(parts.data, tool, tool.texts ?? parts.data.texts);
    return {
      tool,
      fields,
      ownerUserId: row.ownerUserId,
      plan: (row.plan ?? 'lite') as PlanId,
      settings: runSettingsOf(row.settings),
    };
  }

  const identify = (app: HostApp, caller: RunCaller, loginRequired: boolean) =>
    identifyRunCaller(app.id, caller, secret, loginRequired);
  const modelFor = (aiModel: string | undefined) => runModelFor(models, aiModel);

  function refusal(reason: 'daily' | 'weekly' | 'owner', limits: { daily: number; weekly: number }): AppError {
    const message =
      reason === 'daily'
        ? toolRunMessage(TOOL_RUN_MESSAGES.dailyLimit, { n: limits.daily })
        : reason === 'weekly'
          ? toolRunMessage(TOOL_RUN_MESSAGES.weeklyLimit, { n: limits.weekly })
          : TOOL_RUN_MESSAGES.ownerLimit;
    return new AppError('RATE_LIMITED', message, { limit: reason });
  }

  type ToolOf = Awaited<ReturnType<typeof toolAt>>;

  /**
   * The one run engine: the model, retrieval started at once, the run counted and charged (or
   * refused), then its events. Every kind of run (the page, a batch row, the API) goes through it.
   */
  async function launch(run: {
    appId: string;
    ownerUserId: string;
    tool: ToolOf['tool'];
    fields: RunField[];
    settings: ToolOf['settings'];
    values: Record<string, ToolFieldValue>;
    subject: string;
    appUserId: string | null;
    limits: { daily: number; weekly: number; ownerMonthly: number };
    newVisitorToken: string | null;
  }): Promise<AsyncIterable<ToolRunEvent>> {
    const { tool, fields, settings, values } = run;
    const model = await modelFor(settings.aiModel);
    // Retrieval does not depend on the run's record: it goes on while the run is counted and charged.
    const retrieved = retrieveForRun(retrieval, { appId: run.appId, tool, fields, values });
    retrieved.catch(() => undefined);
    const runId = randomUUID();
    const credits = run.appUserId ? settings.creditsPerRun : 0;
    const started = await repo.startRun(
      {
        id: runId,
        appId: run.appId,
        ownerUserId: run.ownerUserId,
        toolId: tool.toolId,
        toolPath: tool.path,
        subject: run.subject,
        appUserId: run.appUserId,
        inputs: values,
        model: model.kind === 'offline' ? 'offline:answer' : model.model.id,
        limits: run.limits,
        credits,
        startingCredits: settings.startingCredits,
      },
      runWindows(now()),
    );
    if (!started.ok) {
      if (started.reason === 'credits')
        throw new AppError(
          'FORBIDDEN',
          toolRunMessage(TOOL_RUN_MESSAGES.noCredits, { n: settings.creditsPerRun, left: started.creditsLeft }),
          { reason: 'credits', creditsLeft: started.creditsLeft, creditsPerRun: settings.creditsPerRun },
        );
      throw refusal(started.reason, run.limits);
    }
    if (run.appUserId) await rememberFields(run.appUserId, run.appId, fields, values);
    return answerRun({
      runId,
      appId: run.appId,
      tool,
      fields,
      values,
      settings,
      model,
      newVisitorToken: run.newVisitorToken,
      left: {
        creditsLeft: started.creditsLeft,
        runsLeft: {
          today: Math.max(0, run.limits.daily - started.runsToday),
          thisWeek: Math.max(0, run.limits.weekly - started.runsThisWeek),
        },
      },
      retrieved,
      deps: { repo, logger },
    });
  }

  return {
    /**
     * Checks and starts a run; its events stream as the run goes. Refusals (unknown tool, bad
     * input, limits, credits, a forged visitor id) are thrown before anything streams.
     */
    async start(
      app: HostApp,
      path: string,
      caller: RunCaller,
      request: ToolRunRequest,
    ): Promise<{ events: AsyncIterable<ToolRunEvent>; newVisitorToken: string | null }> {
      const { tool, fields, plan, settings } = await toolAt(app.id, path);
      const { subject, newVisitorToken } = identify(app, caller, settings.isLoginRequired);
      const checked = checkRunValues(fields, request.values);
      if (!checked.ok) throw new AppError('VALIDATION_FAILED', checked.message);
      if (!caller.appUserId) {
        const perAddress = await rateLimiter.hit(`tool-run-ip:${app.id}:${caller.ip}`, 86_400);
        if (perAddress.count > settings.daily * ANONYMOUS_RUNS_PER_ADDRESS_FACTOR)
          throw new AppError('RATE_LIMITED', TOOL_RUN_MESSAGES.tooManyFromAddress, { limit: 'address' });
      }
      const events = await launch({
        appId: app.id,
        ownerUserId: app.ownerUserId,
        tool,
        fields,
        settings,
        values: checked.values,
        subject,
        appUserId: caller.appUserId,
        limits: { daily: settings.daily, weekly: settings.weekly, ownerMonthly: limitsOf(plan).toolRunsPerMonth },
        newVisitorToken,
      });
      return { events, newVisitorToken };
    },

    /**
     * A run on the owner's behalf, by a batch row (`b:{batchId}`) or an API key (`k:{keyId}`): the
     * tool by id (live only where `activeOnly`), the values checked as the page's are, counted
     * against the owner's monthly runs only (no per-user limits, no credits).
     */
    async startForOwner(
      appId: string,
      toolId: string,
      subject: string,
      rawValues: Record<string, ToolFieldValue>,
      { activeOnly }: { activeOnly: boolean },
    ): Promise<AsyncIterable<ToolRunEvent>> {
      const { tool, fields, ownerUserId, plan, settings } = await toolAt(appId, '', { toolId, activeOnly });
      const checked = checkRunValues(fields, rawValues);
      if (!checked.ok) throw new AppError('VALIDATION_FAILED', checked.message);
      const unlimited = Number.MAX_SAFE_INTEGER;
      return launch({
        appId,
        ownerUserId,
        tool,
        fields,
        settings,
        values: checked.values,
        subject,
        appUserId: null,
        limits: { daily: unlimited, weekly: unlimited, ownerMonthly: limitsOf(plan).toolRunsPerMonth },
        newVisitorToken: null,
      });
    },

    /** The inputs of a tool (live or not): what a batch maps its columns to. */
    async fieldsOf(appId: string, toolId: string): Promise<RunField[]> {
      return (await toolAt(appId, '', { toolId, activeOnly: false })).fields;
    },

    /** What the caller has left on this tool; a new visitor gets their id here too. */
    async usage(
      app: HostApp,
      path: string,
      caller: RunCaller,
    ): Promise<{ usage: ToolRunUsage; newVisitorToken: string | null }> {
      const { settings } = await toolAt(app.id, path);
      const { subject, newVisitorToken } = identify(app, caller, false);
      const used = await repo.usage(app.id, subject, caller.appUserId, runWindows(now()), settings.startingCredits);
      return {
        newVisitorToken,
        usage: {
          signedIn: caller.appUserId !== null,
          creditsPerRun: caller.appUserId ? settings.creditsPerRun : 0,
          creditsLeft: used.creditsLeft,
          dailyLimit: settings.daily,
          weeklyLimit: settings.weekly,
          runsLeft: {
            today: Math.max(0, settings.daily - used.today),
            thisWeek: Math.max(0, settings.weekly - used.week),
          },
          userCanEditResults: settings.userCanEditResults,
        },
      };
    },

    /** Saves the caller's edit of a finished run's result, where the app allows editing. */
    async editResult(
      app: HostApp,
      runId: string,
      caller: RunCaller,
      result: string,
    ): Promise<EditToolRunResultResponse> {
      const run = await repo.findRun(runId);
      if (!run || run.appId !== app.id) throw new AppError('NOT_FOUND', TOOL_RUN_MESSAGES.runNotFound);
      const settings = runSettingsOf((await repo.findToolApp(app.id))?.settings ?? {});
      if (!settings.userCanEditResults) throw new AppError('FORBIDDEN', TOOL_RUN_MESSAGES.editNotAllowed);
      const visitorId = caller.visitorToken ? verifyVisitorToken(caller.visitorToken, app.id, secret) : null;
      const subject = caller.appUserId ? `u:${caller.appUserId}` : visitorId ? `v:${visitorId}` : null;
      if (subject !== run.subject) throw new AppError('FORBIDDEN', TOOL_RUN_MESSAGES.notYourRun);
      if (run.status !== 'succeeded') throw new AppError('CONFLICT', TOOL_RUN_MESSAGES.runNotFinished);
      const at = now();
      await repo.saveEditedResult(runId, result, at);
      return { runId, result, editedAt: at.toISOString() };
    },

    /** The signed-in end user's remembered values (none for visitors). */
    async memories(app: HostApp, appUserId: string | null): Promise<Record<string, ToolFieldValue>> {
      return appUserId ? repo.memoriesOf(appUserId) : {};
    },
  };

  async function rememberFields(
    appUserId: string,
    appId: string,
    fields: RunField[],
    values: Record<string, ToolFieldValue>,
  ): Promise<void> {
    const kept = fields
      .filter((f) => f.memorize && f.type !== 'photo' && Object.hasOwn(values, f.name))
      .map((f): [string, ToolFieldValue] => [f.name, values[f.name]!]);
    await repo.remember(appUserId, appId, Object.fromEntries(kept));
  }
}

export type ToolRunsService = ReturnType<typeof createToolRunsService>;
