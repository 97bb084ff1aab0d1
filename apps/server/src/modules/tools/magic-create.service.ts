import { APP_MESSAGES } from '@tessera/contracts';
import { type Account } from '@tessera/contracts/accounts';
import { type SessionUser } from '@tessera/contracts/auth';
import {
  CUSTOM_FIELD_TYPES,
  CustomFieldInputSchema,
  FIELD_LABEL_MAX_LENGTH,
  MAX_FIELD_OPTIONS,
  OPTION_LABEL_MAX_LENGTH,
  TOOL_MESSAGES,
  checkFieldLabel,
  fieldTypeRefusal,
  fieldsOfTool,
  parseCustomField,
  type CustomFieldInput,
  type MagicCreateRequest,
  type MagicCreateResponse,
} from '@tessera/contracts/tools';
import { AppError } from '../../platform/errors';
import { streamAnswer } from '../../platform/llm/answer-stream';
import type { ModelCatalog } from '../../platform/llm/models';
import type { RateLimiter } from '../../platform/rate-limit';
import type { AppRow } from '../apps/apps.repo';
import { parseJsonAnswer } from '../app-host';
import { makeFieldOffline } from './magic-field';
import { toolPartsOf } from './tool-definition';

/** Magic creations one builder may ask for per hour (each may be a model call). */
export const MAGIC_CREATES_PER_HOUR = 120;

export interface MagicCreateDeps {
  models: ModelCatalog;
  rateLimiter: RateLimiter;
  accountOf: (user: SessionUser) => Promise<Pick<Account, 'plan' | 'isAdmin'>>;
  getOwned: (user: SessionUser, appId: string) => Promise<AppRow>;
}

const SYSTEM = [
  'You design one input field of a form. Answer with one JSON object and nothing else:',
  `{"label": string (at most 60 characters), "type": one of ${CUSTOM_FIELD_TYPES.map((t) => `"${t}"`).join(', ')},`,
  '"required": boolean, "instructions": string (how the answer should use the value, may be empty),',
  '"options": [{"label": string}] (only for select and multiselect; at most 50)}.',
].join('\n');

/**
 * `POST /api/builder/magicCreate` (docs/product/tools.md#calls): a field definition from the
 * builder's words, by the configured model when there is one, else by the offline field maker.
 * The field must fit the tool it is for (a free label, a type this builder may add).
 */
export function createMagicCreateService({ models, rateLimiter, accountOf, getOwned }: MagicCreateDeps) {
  async function fromModel(req: Required<Pick<MagicCreateRequest, 'input' | 'magicType' | 'prompt'>>) {
    const model = await models.resolve();
    if (model.provider === 'offline')
      return { model: 'offline', field: makeFieldOffline(req.input, req.magicType, req.prompt) };
    let text = '';
    try {
      const answer = streamAnswer(model.create({ snapshot: { files: {}, entities: {} } }), {
        system: SYSTEM,
        messages: [
          {
            role: 'user',
            content: `${req.magicType === 'options' ? 'A choice field with its options' : 'A field'}: ${req.input}${req.prompt ? `\nGuidance: ${req.prompt}` : ''}`,
          },
        ],
        maxRetries: 1,
      });
      for await (const part of answer)
        if (part.type === 'chunk' && part.chunk.type === 'text-delta') text += part.chunk.delta;
    } catch {
      throw new AppError('FETCH_FAILED', TOOL_MESSAGES.magicFailed);
    }
    let raw: unknown;
    try {
      raw = parseJsonAnswer(text);
    } catch {
      throw new AppError('FETCH_FAILED', TOOL_MESSAGES.magicCreateFailed);
    }
    const parsed = CustomFieldInputSchema.safeParse(raw);
    return { model: model.id, field: parsed.success ? parsed.data : null };
  }

  return {
    async create(user: SessionUser, input: MagicCreateRequest): Promise<MagicCreateResponse> {
      const req = { input: input.input, magicType: input.magicType ?? 'field', prompt: input.prompt ?? '' };
      const row = input.appId ? await getOwned(user, input.appId) : null;
      const hit = await rateLimiter.hit(`magic-create:${user.id}`, 3600);
      if (hit.count > MAGIC_CREATES_PER_HOUR) throw new AppError('RATE_LIMITED', APP_MESSAGES.tooManyRequests);
      const account = await accountOf(user);
      const { model, field: made } = await fromModel(req);
      if (!made || made.label.trim() === '') throw new AppError('VALIDATION_FAILED', TOOL_MESSAGES.magicCreateFailed);
      // A type this builder may not add becomes plain text (the label and instructions still help).
      const allowed: CustomFieldInput = fieldTypeRefusal(made.type, account)
        ? { ...made, type: 'text', options: [] }
        : made;
      const field = parseCustomField({ ...allowed, name: undefined, toolId: input.toolId ?? null, stepId: null });
      // Options as the rules want them: labels within their cap, none empty or repeated.
      const seen = new Set<string>();
      field.options = field.options
        .map((o) => ({ ...o, label: o.label.slice(0, OPTION_LABEL_MAX_LENGTH).trim() }))
        .filter((o) => o.label !== '' && !seen.has(o.label.toLowerCase()) && seen.add(o.label.toLowerCase()))
        .slice(0, MAX_FIELD_OPTIONS);
      field.label = field.label.slice(0, FIELD_LABEL_MAX_LENGTH).trim();
      const parts = row ? toolPartsOf(row.definition) : null;
      const others = parts ? (input.toolId ? fieldsOfTool(parts, input.toolId) : parts.fields) : [];
      if (checkFieldLabel(field.label, others, field.name))
        throw new AppError('CONFLICT', TOOL_MESSAGES.magicFieldName, { field: 'input' });
      return { field, model };
    },
  };
}

export type MagicCreateService = ReturnType<typeof createMagicCreateService>;
