import { extractWithSchema, writeGroundedAnswer } from '@tessera/agent';
import { APP_MESSAGES } from '@tessera/contracts';
import { APP_CONFIRM_MESSAGES } from '@tessera/contracts/app-users';
import { isValidEmail } from '@tessera/contracts/auth';
import {
  CORE_ENDPOINTS,
  INTEGRATION_MESSAGES,
  RUNTIME_MESSAGES,
  type ExtractDataResponse,
  type IntegrationsSchemaResponse,
  type InvokeLlmWithContextRequest,
  type SendEmailRequest,
} from '@tessera/contracts/runtime';
import { TOOL_RUN_MESSAGES } from '@tessera/contracts/tool-runs';
import { AppError } from '../../platform/errors';
import { streamAnswer } from '../../platform/llm/answer-stream';
import type { ChatModel, ModelCatalog } from '../../platform/llm/models';
import type { Mailer } from '../../platform/mail/mailer';
import type { RateLimiter } from '../../platform/rate-limit';
import { contextOf, type RetrievalService } from '../retrieval';

/**
 * Calls per visitor address per app per hour, and per app owner per day over all their apps: an
 * app's users spend the operator's model budget, and a builder with many apps gets no more of it.
 */
export const LLM_CALLS_PER_IP_PER_HOUR = 30;
export const LLM_CALLS_PER_OWNER_PER_DAY = 1000;
/** Mails an app may send its users per hour and per day (the mailer also caps app mails to each address). */
export const APP_MAILS_PER_HOUR = 20;
export const APP_MAILS_PER_DAY = 100;
/** Chunks of the app's data an InvokeLLM call is grounded in, and characters of a document sent to a model. */
const CONTEXT_CHUNKS = 10;
const EXTRACT_TEXT_CHARS = 60_000;
const NO_SNAPSHOT = { snapshot: { files: {}, entities: {} } };

/** The JSON value in a model's answer, with or without a code fence around it. */
export function parseJsonAnswer(text: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(text)?.[1];
  const candidate = (fenced ?? text).trim();
  try {
    return JSON.parse(candidate);
  } catch {
    const start = candidate.search(/[[{]/);
    const end = Math.max(candidate.lastIndexOf('}'), candidate.lastIndexOf(']'));
    if (start >= 0 && end > start) {
      try {
        return JSON.parse(candidate.slice(start, end + 1));
      } catch {
        // fall through
      }
    }
    throw new AppError('FETCH_FAILED', RUNTIME_MESSAGES.llmNotJson);
  }
}

const schemaInstruction = (schema: Record<string, unknown>) =>
  `Answer with one JSON value that matches this JSON Schema, and nothing else:\n${JSON.stringify(schema)}`;

/** The `@/integrations/X` packages an app's files import. */
export function importedPackages(files: Record<string, string>): string[] {
  const found = new Set<string>();
  for (const source of Object.values(files))
    for (const match of source.matchAll(/from\s+['"]@\/integrations\/([A-Za-z0-9_-]+)(?:\.js)?['"]/g))
      found.add(match[1]!);
  return [...found].sort();
}

export interface IntegrationsDeps {
  models: ModelCatalog;
  rateLimiter: RateLimiter;
  retrieval: Pick<RetrievalService, 'searchSimilar'>;
  mailer: Pick<Mailer, 'send'>;
  /** This app's end user with `email`, and whether they confirmed the address; null when there is none. */
  appUserOfEmail: (appId: string, email: string) => Promise<{ isConfirmed: boolean } | null>;
  /** The text of an uploaded document (parsed in the worker pool with the data sources' parsers). */
  readDocument: (bytes: Uint8Array, filename: string, mimeType: string) => Promise<string>;
  /** The files of the version the app's host serves (published, else latest). */
  appFilesOf: (appId: string) => Promise<Record<string, string>>;
}

type HostApp = { id: string; ownerUserId: string; name: string };

/**
 * The Core integrations of generated apps (docs/product/runtime.md#calls): `InvokeLLM` (the
 * configured model, or the offline answer model when there is none, optionally grounded in the
 * app's data sources), `SendEmail` (to the app's own users), `ExtractDataFromUploadedFile`,
 * `GenerateImage` and the integrations schema. The caller (one of the app's users or its owner's
 * preview) is checked by the app host's route.
 */
export function createIntegrationsService(deps: IntegrationsDeps) {
  const { models, rateLimiter } = deps;

  /** Model calls spend the operator's budget: per visitor address and per app owner. */
  async function countModelCall(app: HostApp, ip: string): Promise<void> {
    const perIp = await rateLimiter.hit(`app-llm:${app.id}:${ip}`, 3600);
    const perOwner = await rateLimiter.hit(`app-llm-owner:${app.ownerUserId}`, 86_400);
    if (perIp.count > LLM_CALLS_PER_IP_PER_HOUR || perOwner.count > LLM_CALLS_PER_OWNER_PER_DAY)
      throw new AppError('RATE_LIMITED', APP_MESSAGES.tooManyRequests);
  }

  /** A provider model's whole answer. */
  async function complete(model: ChatModel, system: string | undefined, prompt: string): Promise<string> {
    let text = '';
    try {
      const answer = streamAnswer(model.create(NO_SNAPSHOT), {
        system,
        messages: [{ role: 'user', content: prompt }],
        maxRetries: 1,
      });
      for await (const part of answer)
        if (part.type === 'chunk' && part.chunk.type === 'text-delta') text += part.chunk.delta;
    } catch {
      throw new AppError('FETCH_FAILED', RUNTIME_MESSAGES.llmFailed);
    }
    return text;
  }

  return {
    async invokeLLM(app: HostApp, ip: string, input: InvokeLlmWithContextRequest): Promise<{ result: unknown }> {
      await countModelCall(app, ip);
      const model = await models.resolve();
      const chunks = input.add_context_from_data_sources
        ? contextOf(await deps.retrieval.searchSimilar({ appId: app.id, query: input.prompt, limit: CONTEXT_CHUNKS }))
        : null;
      if (model.provider === 'offline') {
        // No provider: the offline answer model quotes the app's data, and only that.
        const answer = writeGroundedAnswer({
          question: input.prompt,
          chunks: (chunks?.chunks ?? []).map((c) => ({
            contextItemId: c.contextItem.id,
            sourceName: c.contextItem.name,
            content: c.content,
          })),
          responseJsonSchema: input.response_json_schema,
          hasData: chunks !== null,
        });
        if (input.response_json_schema) return { result: answer.json };
        return { result: chunks ? answer.text : TOOL_RUN_MESSAGES.offlineNoContext };
      }
      const system = [
        input.response_json_schema ? schemaInstruction(input.response_json_schema) : '',
        chunks
          ? `Use the reference data below from the app's data sources; if it does not contain the answer, say so.\n\nReference data:\n${chunks.context || '(none found)'}`
          : '',
      ]
        .filter(Boolean)
        .join('\n\n');
      const text = await complete(model, system || undefined, input.prompt);
      return { result: input.response_json_schema ? parseJsonAnswer(text) : text };
    },

    /** A plain-text mail to one of the app's own users, through the server's mailer. */
    async sendEmail(app: HostApp, input: SendEmailRequest): Promise<{ sent: true }> {
      const to = input.to.trim().toLowerCase();
      if (!isValidEmail(to)) throw new AppError('VALIDATION_FAILED', INTEGRATION_MESSAGES.invalidRecipient);
      const recipient = await deps.appUserOfEmail(app.id, to);
      if (!recipient) throw new AppError('FORBIDDEN', INTEGRATION_MESSAGES.notAppUser);
      // Anyone can sign up with any address: only its confirmed owner may be mailed (docs/product/runtime.md#end-user-confirmation).
      if (!recipient.isConfirmed) throw new AppError('FORBIDDEN', APP_CONFIRM_MESSAGES.sendEmailUnconfirmed);
      const perHour = await rateLimiter.hit(`app-mail:${app.id}`, 3600);
      const perDay = await rateLimiter.hit(`app-mail-day:${app.id}`, 86_400);
      if (perHour.count > APP_MAILS_PER_HOUR || perDay.count > APP_MAILS_PER_DAY)
        throw new AppError('RATE_LIMITED', INTEGRATION_MESSAGES.tooManyMails);
      const sender = input.from_name?.trim() || app.name;
      const text = `${input.body}\n\n— ${sender}`;
      const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
      const html = `<div style="font:15px/1.5 system-ui,sans-serif;white-space:pre-wrap">${escape(input.body)}</div><p style="color:#6b7280;font:13px system-ui,sans-serif">— ${escape(sender)}</p>`;
      await deps.mailer.send({ to, subject: input.subject, text, html, links: [] }, 'app');
      return { sent: true };
    },

    /** A document read into a JSON Schema: by the configured model, or offline from its labelled lines and rows. */
    async extractData(
      app: HostApp,
      ip: string,
      file: { bytes: Uint8Array; filename: string; mimeType: string },
      schema: Record<string, unknown>,
    ): Promise<ExtractDataResponse> {
      await countModelCall(app, ip);
      const text = await deps.readDocument(file.bytes, file.filename, file.mimeType);
      const model = await models.resolve();
      if (model.provider === 'offline') return { status: 'success', output: extractWithSchema(schema, text) };
      const system = `${schemaInstruction(schema)}\nUse only what the document says; use null where it says nothing.`;
      const answer = await complete(model, system, `Document:\n${text.slice(0, EXTRACT_TEXT_CHARS)}`);
      return { status: 'success', output: parseJsonAnswer(answer) };
    },

    /** No image model can be configured on this server yet: a clear 404. */
    generateImage(): never {
      throw new AppError('NOT_FOUND', INTEGRATION_MESSAGES.noImageModel);
    },

    /** Core is installed everywhere; any other `@/integrations/X` the app's code imports is missing. */
    async schema(app: HostApp): Promise<IntegrationsSchemaResponse> {
      const imported = importedPackages(await deps.appFilesOf(app.id));
      return {
        installed_packages: [{ package: 'Core', endpoints: [...CORE_ENDPOINTS] }],
        missing_packages: imported.filter((p) => p !== 'Core'),
      };
    },
  };
}

export type IntegrationsService = ReturnType<typeof createIntegrationsService>;
