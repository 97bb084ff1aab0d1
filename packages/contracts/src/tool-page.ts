/**
 * The public tool page's wire contract (docs/product/tools.md#screens-and-routes): what the app
 * host's `/tool/{path}` shell hands the page, and the page's own texts. Zod-free on purpose: the
 * browser runtime bundles this file (its build aliases `@tessera/contracts` to the zod-free files).
 */
import type { AppStyle } from './app-style';

/** Where a tool is served on its app's own host. */
export const TOOL_PAGE_PREFIX = '/tool/';
export const toolPagePath = (path: string) => `${TOOL_PAGE_PREFIX}${encodeURIComponent(path)}`;

/** The field types a tool page renders (the custom field types). */
export type ToolPageFieldType =
  | 'text'
  | 'long_text'
  | 'select'
  | 'multiselect'
  | 'email'
  | 'place'
  | 'photo'
  | 'height'
  | 'weight'
  | 'tool_item_select';

/** One input of the form: only what a visitor needs (never the field's instructions for the model). */
export interface ToolPageField {
  name: string;
  label: string;
  type: ToolPageFieldType;
  required: boolean;
  memorize: boolean;
  stepId: string | null;
  options: Array<{ label: string; iconUrl: string | null }>;
  placeholder: string | null;
}

export interface ToolPageTexts {
  header: string;
  description: string;
  inputLabel: string;
  inputPlaceholder: string;
  isInputHidden: boolean;
  isInputCollapsed: boolean;
  welcomeMessage: string;
  /** Up to three examples; clicking one fills the form's main input. */
  examples: string[];
  ctaMessage: string;
  ctaButton: string;
  ctaLink: string | null;
  isMultiStepInput: boolean;
}

/** What the `/tool/{path}` shell embeds (a JSON script tag), so the form paints with no request. */
export interface ToolPageBoot {
  appId: string;
  name: string;
  tool: { toolId: string; title: string; path: string; imageUrl: string | null };
  /**
   * The form's inputs in order. A tool without custom fields gets one long text input named
   * `input` (its label and placeholder come from the texts) unless the texts hide it.
   */
  fields: ToolPageField[];
  steps: Array<{ id: string; title: string }>;
  texts: ToolPageTexts;
  /** The tool's checked style; the page applies it with `themeVariables`. */
  style: AppStyle;
  /** The watermark badge, unless the owner's plan lets them hide it and they did. */
  showWatermark: boolean;
  /** Where the watermark links to (the builder's address). */
  builderUrl: string;
  userCanEditResults: boolean;
  creditsPerRun: number;
  isSignupEnabled: boolean;
  /** The app's support e-mail: an end user out of credits is told to ask there. */
  supportEmail: string | null;
  /** Paid memberships are on: an end user out of credits is offered the membership page. */
  hasPaidMemberships: boolean;
}

/** The tool page's own texts (ours; the spec names none of them). */
export const TOOL_PAGE_MESSAGES = {
  run: 'Generate',
  defaultInputLabel: 'What would you like to know?',
  running: 'Working…',
  next: 'Next',
  back: 'Back',
  stepOf: 'Step {n} of {total}',
  examples: 'Try an example',
  showInput: 'Add details',
  hideInput: 'Hide details',
  required: '{label} is required',
  /** The main input left empty (the run API's own words for it). */
  inputRequired: 'Write something first',
  invalidEmail: 'Enter a valid e-mail address',
  invalidNumber: 'Enter a number',
  optional: 'optional',
  searchSimilar: 'Searching the knowledge base…',
  queryContext: 'Reading the best matches…',
  generate: 'Writing the answer…',
  result: 'Result',
  sources: 'Sources',
  offlineModel: 'Answered by the offline model from your documents',
  copy: 'Copy',
  copied: 'Copied',
  edit: 'Edit',
  saveEdit: 'Save',
  cancelEdit: 'Cancel',
  editSaved: 'Your changes are saved',
  editFailed: 'Your changes could not be saved, please try again',
  startOver: 'Start over',
  tryAgain: 'Try again',
  creditsLeft: '{n} credits left',
  /** Out of credits: who to ask (docs/product/tools.md#credits). */
  creditsGetMore: 'To get more credits, contact the owner of {app}.',
  creditsGetMoreAt: 'To get more credits, contact the owner of {app} at',
  becomeMember: 'Become a member',
  creditLeft: '1 credit left',
  signIn: 'Sign in',
  signUp: 'Sign up',
  signOut: 'Sign out',
  signedInAs: 'Signed in as {email}',
  photoSignIn: 'Sign in to add a photo',
  photoChoose: 'Choose a photo',
  photoChange: 'Change photo',
  photoUploading: 'Uploading…',
  selectPlaceholder: 'Choose…',
  cm: 'cm',
  ftIn: 'ft / in',
  kg: 'kg',
  lb: 'lb',
  feet: 'ft',
  inches: 'in',
  stop: 'Stop',
  stopped: 'You stopped this run',
  runsLeftToday: '{n} runs left today',
  runLeftToday: '1 run left today',
  streamBroken: 'The answer was interrupted, please try again',
  networkError: 'The network request failed, check your connection',
  notFound: 'This tool does not exist or is not active',
  previewBadge: 'Preview',
  previewRunNote: 'Generate runs the saved, live tool with a real model and counts as a visitor’s run.',
  previewNotLive: 'Make the tool live to try a run here. Your edits show in this preview as you type.',
} as const;

/** Where the tool builder's live preview loads on the app's own host: the tool page, waiting for a draft. */
export const TOOL_PREVIEW_PATH = '/tool-preview';

/** What the preview frame boots with: only whose messages to accept (no tool, no draft). */
export interface ToolPreviewBoot {
  parentOrigin: string;
}

/** From the preview frame to the builder: ready for a draft (sent on load, so a reload gets one too). */
export type ToolPreviewToParent = { type: 'tool_preview_ready' };
/**
 * From the builder to the preview frame: the page of the unsaved draft, and whether Generate may run
 * the saved tool (it is live). Sent on every edit.
 */
export type ToolPreviewToFrame = { type: 'tool_preview_draft'; boot: ToolPageBoot; canRun: boolean };
