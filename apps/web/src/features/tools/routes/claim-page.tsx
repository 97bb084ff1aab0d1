import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ArrowRightLeft, Check, CircleAlert } from 'lucide-react';
import { CLAIM_MESSAGES } from '@tessera/contracts/tools';
import { Alert, AuthLayout, Button, Skeleton, toast } from '@tessera/ui';
import { isApiError } from '../../../shared/api';
import { useDocumentTitle } from '../../../shared/hooks';
import { useSession } from '../../../shared/session';
import { claimApp, useClaimPreview } from '../api/claim';

/** A 4xx says what is wrong in plain words; anything else is "try again later". */
const messageOf = (error: unknown) =>
  isApiError(error) && error.status >= 400 && error.status < 500 ? error.message : CLAIM_MESSAGES.failed;

/** What moves to the customer's account with the app. */
const MOVES = [
  'Its tools, pages and versions',
  'Its data sources and uploaded files',
  'Its end users and their records',
];

/**
 * `/claim/:appId?code=…`: a customer opens the invite link an agency sent, signed in as a builder
 * (the navigation rules send a signed-out visitor to log in and back), sees the app and claims it
 * into their own account (docs/product/tools.md#claim-invitation).
 */
export function ClaimPage() {
  useDocumentTitle('Claim app');
  const { appId = '' } = useParams();
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const { user } = useSession();
  const preview = useClaimPreview(appId, code);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [isClaiming, setIsClaiming] = useState(false);
  // A second click while the first is on its way does nothing (state updates are not immediate).
  const inFlight = useRef(false);

  async function claim() {
    if (inFlight.current) return;
    inFlight.current = true;
    setIsClaiming(true);
    try {
      const claimed = await claimApp(appId, code);
      await queryClient.invalidateQueries();
      // One toast at a time: the revoked keys ride along as its description.
      toast.success(CLAIM_MESSAGES.claimed.replace('{name}', claimed.name), {
        description: claimed.revokedKeys
          ? CLAIM_MESSAGES.keysRevoked.replace('{count}', String(claimed.revokedKeys))
          : undefined,
      });
      navigate(`/build/app/${encodeURIComponent(claimed.appId)}`, { replace: true });
    } catch (error) {
      toast.error(messageOf(error));
      inFlight.current = false;
      setIsClaiming(false);
      void preview.refetch();
    }
  }

  const homeLink = (
    <Button asChild variant="secondary" size="lg" fullWidth>
      <Link to="/home">Go to Home</Link>
    </Button>
  );

  if (preview.isPending) {
    return (
      <AuthLayout title="Claim an app" description="Checking your invite link…">
        <div className="space-y-3" aria-busy="true">
          <Skeleton className="h-16 rounded-xl" />
          <Skeleton className="h-24 rounded-xl" />
          <Skeleton className="h-11 rounded-lg" />
        </div>
      </AuthLayout>
    );
  }

  if (preview.isError) {
    return (
      <AuthLayout
        icon={<CircleAlert />}
        title="This invite can’t be used"
        description="Ask the builder who sent it for a new invite link."
      >
        <Alert tone="error" title={messageOf(preview.error)} className="mb-5" />
        {homeLink}
      </AuthLayout>
    );
  }

  const app = preview.data;
  if (app.isYours) {
    return (
      <AuthLayout icon={<Check />} title={CLAIM_MESSAGES.alreadyYours} description={`${app.name} is in your account.`}>
        <Button asChild size="lg" fullWidth>
          <Link to={`/build/app/${encodeURIComponent(app.appId)}`}>Open {app.appType === 'tool' ? 'tool' : 'app'}</Link>
        </Button>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      icon={<ArrowRightLeft />}
      title={`Claim ${app.name}`}
      description="You were invited to take over this app. Claiming it moves it into your account."
      footer={
        <>
          Signed in as <span className="font-medium text-ink">{user?.email}</span>.{' '}
          <Link to="/logout" className="font-medium text-brand-600 hover:underline">
            Use another account
          </Link>
        </>
      }
    >
      <div className="mb-5 rounded-xl border border-line bg-canvas px-4 py-3.5">
        <p className="text-xs font-medium tracking-wide text-ink-subtle uppercase">
          {app.appType === 'tool' ? 'AI tool app' : 'App'}
        </p>
        <p className="mt-0.5 truncate text-base font-semibold text-ink" title={app.name}>
          {app.name}
        </p>
      </div>
      <p className="mb-2 text-sm font-medium text-ink">What happens</p>
      <ul className="mb-4 space-y-1.5 text-sm text-ink-subtle">
        {MOVES.map((line) => (
          <li key={line} className="flex gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden />
            <span>{line} move to your account.</span>
          </li>
        ))}
      </ul>
      <p className="mb-6 text-sm leading-relaxed text-ink-subtle">
        The builder who sent the invite loses access and their API keys for this app stop working, and the app counts
        toward your plan from now on. The invite link works only once.
      </p>
      <Button size="lg" fullWidth loading={isClaiming} onClick={() => void claim()}>
        Claim this app
      </Button>
    </AuthLayout>
  );
}
