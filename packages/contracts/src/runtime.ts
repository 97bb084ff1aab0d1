/**
 * The generated-app runtime's wire contract (docs/product/runtime.md: the app bundle, and frame messages under Calls): shared
 * by the server (app hosts, bundle endpoint) and `packages/runtime` (the browser side). Zod-free on
 * purpose: the browser runtime bundles this file alone (its build aliases `@tessera/contracts` here).
 */
import type { AppChatPublic } from './app-chat';
import type { AppLook } from './app-style';
import type { EntitySchema } from './entities';

/** Texts of the runtime, the app hosts and the end-user login page (ours; the spec names none of them). */
export const RUNTIME_MESSAGES = {
  notPublished: 'This app is not published yet',
  appNotFound: 'This app does not exist',
  versionNotFound: 'This version does not exist',
  noVersionYet: 'This app has no version yet: send a message in the chat to build it',
  previewInvalid: 'This preview link is invalid or has expired, refresh the preview in the builder',
  unpublishedVersion: 'Only the published version of this app can be opened here',
  loginRequired: 'Please sign in to use this app',
  notAllowedHere: 'This address only serves the app; the builder lives on its own address',
  otherApp: 'This app host only serves its own app',
  buildFailed: 'The app could not be built',
  loadFailed: 'The app could not be loaded, please reload the page',
  pageError: 'Something went wrong on this page',
  askToFix: 'Ask the assistant to fix it',
  reload: 'Reload',
  signIn: 'Sign in',
  signUp: 'Sign up',
  signOut: 'Sign out',
  signedInAs: 'Signed in as {email}',
  createAccount: 'Create an account',
  haveAccount: 'Already have an account? Sign in',
  noAccount: 'No account yet? Sign up',
  signupClosed: 'Sign-up is closed for this app: ask its owner for an invitation',
  forgotPassword: 'Forgot your password?',
  resetTitle: 'Reset your password',
  sendResetLink: 'Send a reset link',
  choosePassword: 'Choose a password',
  newPassword: 'New password',
  savePassword: 'Save password',
  backToSignIn: 'Back to sign in',
  email: 'Email',
  password: 'Password',
  fullName: 'Full name',
  backToApp: 'Back to the app',
  signInToSee: 'Sign in to see this',
  signInToSeeDetails: 'This page shows what the signed-in users of this app can see.',
  termsOfService: 'Terms of service',
  privacyPolicy: 'Privacy policy',
  support: 'Support',
  signUpAgreement: 'By signing up you agree to the terms of service and the privacy policy.',
  uploadFailed: 'Failed to upload image. Please try again.',
  fileTooLarge: 'File size to large',
  notAnImage: 'Only images can be uploaded',
  llmUnavailable:
    'The AI integration needs a model provider on this server (OPENAI_API_KEY, ANTHROPIC_API_KEY or OPENAI_COMPATIBLE_BASE_URL)',
  llmNotJson: 'The model did not answer with valid JSON, please try again',
  llmFailed: 'The AI model could not answer, please try again later',
} as const;

/** Where a generated app is served: `/app/{slug}/{page}/` on `{slug}.{APPS_DOMAIN}`, no prefix on a custom hostname. */
export const APP_PATH_PREFIX = '/app/';
/** The login page of an app's end users (docs/product/runtime.md#screens-and-routes), on the app's own host. */
export const appLoginPath = (appId: string) => `/apps/${encodeURIComponent(appId)}/login`;
/** Page names tried after the main page when a page is not found (docs/product/runtime.md#screens-and-routes "default pages"). */
export const DEFAULT_PAGE_NAMES = ['Home', 'Dashboard', 'Index', 'Main'] as const;
/** docs/product/runtime.md#limits: debug log size, toast limit, image size (under 10 MB). */
export const DEBUG_LOG_SIZE = 100;
export const TOAST_LIMIT = 1;
export const UPLOAD_MAX_BYTES = 10_000_000;
export const IMAGE_UPLOAD_TOAST_MS = 3000;
/** Preview links live this long; the builder asks for a new one each time it loads the preview. */
export const PREVIEW_TOKEN_TTL_S = 2 * 3600;
/** The header carrying a preview token to `/runtime/bundle` (sessionStorage on the app origin holds it). */
export const PREVIEW_TOKEN_HEADER = 'x-tessera-preview';
/** Where a preview URL puts its token: the fragment, so it never reaches logs or a Referer. */
export const PREVIEW_TOKEN_FRAGMENT = 'tessera-preview';

/** Normalises a page name for matching: case-insensitive, hyphens (and underscores, spaces) ignored. */
export const normalizePageName = (name: string) => name.toLowerCase().replace(/[-_\s]/g, '');

/** A build problem of one file of a version (never a 500: the bundle carries them). */
export interface BuildIssue {
  file: string | null;
  line: number | null;
  column: number | null;
  message: string;
}

/** `GET /runtime/bundle?appId=&versionId=` (docs/product/runtime.md#data App bundle, plus where the code and CSS are). */
export interface AppBundle {
  id: string;
  name: string;
  versionId: string;
  /** Page names (file base names of `pages/`). */
  pages: string[];
  /** Component paths without extension (`components/TaskCard`). */
  components: string[];
  entities: Record<string, EntitySchema>;
  /** The built-in User entity's schema (its fields plus the app's additions). */
  userEntity: EntitySchema;
  mainPage: string | null;
  slug: string;
  /** Null when the build failed: `issues` says why. */
  moduleUrl: string | null;
  cssUrl: string | null;
  issues: BuildIssue[];
  /** True when this bundle was opened with a preview token (the builder's preview frame). */
  isPreview: boolean;
  /** Style, texts and badge: the builder's current ones in a preview, the published ones on the live app. */
  look: AppLook;
}

/** What the shell HTML hands the runtime (a JSON script tag), so the login page needs no request. */
export interface RuntimeBoot {
  appId: string;
  slug: string;
  name: string;
  /** `/app/{slug}` on an app host, '' on a custom hostname. */
  basePath: string;
  /** The builder's origin (PUBLIC_URL): the only parent frame the runtime talks to. */
  parentOrigin: string;
  /** `paywall`: the paid-membership page of an app whose end users need one (docs/product/memberships.md). */
  mode: 'app' | 'login' | 'paywall';
  isSignupEnabled: boolean;
  isLoginRequired: boolean;
  /** What the builder gave in the app's settings for its end users (null when not given). */
  links: { termsOfService: string | null; privacyPolicy: string | null; supportEmail: string | null };
  /** The page's signed token its visit beacon carries (`?t=`): beacons without one count nothing. */
  visitToken: string;
  /** The app's chat assistant while it is on (what its widget shows), else null: no widget, no request. */
  chat: AppChatPublic | null;
}

/** An error inside the app (docs/product/runtime.md#data App error). */
export interface AppErrorReport {
  title: string;
  details: string;
  componentName: string | null;
  scope: 'component' | 'page';
}

/** Preview -> parent (docs/product/runtime.md#calls). */
export type FrameMessageToParent =
  | { type: 'ready_to_receive_messages'; versionId: string | null }
  | { type: 'app_error'; error: AppErrorReport }
  | { type: 'send_chat_message'; message: string }
  | { type: 'app_changed_url'; url: string; path: string; pageName: string | null };

/** Parent -> preview (docs/product/runtime.md#calls). A token comes with every version change: preview tokens name their version. */
export type FrameMessageToPreview =
  | { type: 'preview_state_changed'; state: { device?: 'desktop' | 'tablet' | 'mobile'; isDebugLogOpen?: boolean } }
  | { type: 'version_selected'; versionId: string; token: string }
  | { type: 'file_changed'; versionId: string; token: string; path?: string }
  /** The builder edited the style or texts: the preview applies them at once, before any save. */
  | { type: 'look_changed'; look: AppLook };
