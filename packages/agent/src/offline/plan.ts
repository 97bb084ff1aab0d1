// The offline app builder's turn: read the conversation and the current snapshot, decide what to
// change, and write it as prose plus protocol actions.
import { isEmptySnapshot, readAppModel } from './app-model';
import { buildNewApp } from './build';
import { followUp } from './follow-up';
import { capabilities, suggestionsFor } from './prose';
import { listJoin } from './text';
import type { AppBuilderTurn, AppBuilderTurnInput } from './turn';

const DEFAULT_TODAY = '2026-01-05';

/**
 * Plans one turn of the built-in offline app builder: a first description builds the whole app, later
 * messages change it (fields, entities, pages, name, theme, sample data). Pure and deterministic.
 */
export function planAppBuilderTurn(input: AppBuilderTurnInput): AppBuilderTurn {
  const today = input.today ?? DEFAULT_TODAY;
  const userMessages = input.messages
    .filter((m) => m.role === 'user')
    .map((m) => m.text.trim())
    .filter(Boolean);
  const request = userMessages.at(-1) ?? '';
  if (!request)
    return prose(
      capabilities(
        'Tell me what app you would like, for example "a task tracker with tasks (title, done, due date) and projects (name)".',
      ),
      'Asked for a description',
    );

  if (/^(continue|keep going|let'?s keep going|go on)\W*$/i.test(request)) {
    return prose(
      'Everything from my last answer is already in place — there is nothing left to continue. Tell me what you would like to change next.',
      'Nothing to continue',
    );
  }
  if (isEmptySnapshot(input.snapshot)) {
    if (isSmallTalk(request))
      return prose(
        capabilities('Describe the app you want and I will build it.'),
        'Explained what the offline builder can do',
      );
    // "yes", "go ahead": build what was described before.
    const description = isVague(request)
      ? (userMessages
          .slice(0, -1)
          .reverse()
          .find((m) => !isVague(m) && !isSmallTalk(m)) ?? request)
      : request;
    return buildNewApp(input.snapshot, description, today);
  }
  if (isSmallTalk(request)) {
    const thanks = /\b(thanks|thank you)\b/i.test(request);
    return prose(
      thanks
        ? `You're welcome! Ask for the next change whenever you like — for example ${listJoin(
            suggestionsFor(readAppModel(input.snapshot))
              .slice(0, 2)
              .map((s) => `"${s}"`),
          )}.`
        : capabilities('Hi! Tell me what to change in this app.'),
      thanks ? 'Said you are welcome' : 'Explained what the offline builder can do',
    );
  }
  return followUp(input.snapshot, request, today, input.tools);
}

function prose(text: string, summary: string): AppBuilderTurn {
  return { text, summary };
}

function isSmallTalk(text: string): boolean {
  return (
    /^(hi|hello|hey|yo|thanks|thank you|help|what can you do|who are you|what are you|how does this work)\b[\s\S]{0,40}$/i.test(
      text.trim(),
    ) && !/\b(build|create|make|app|tracker|add|remove|delete|change|rename|use|field|page|entity)\b/i.test(text)
  );
}

function isVague(text: string): boolean {
  return /^(yes|yeah|yep|ok|okay|sure|go ahead|do it|build it|please|go|start)\W*$/i.test(text.trim());
}
