import { Link } from 'react-router';
import { LogOut } from 'lucide-react';
import { Button, Card, CardContent } from '@tessera/ui';
import { useDocumentTitle } from '../../../shared/hooks';
import { useSession } from '../../../shared/session';
import { PlanSettingsCard } from '../../plans';
import { AccountCard } from '../components/account-card';
import { ChangeEmailForm } from '../components/change-email-form';
import { ChangePasswordForm } from '../components/change-password-form';
import { SettingsSection } from '../components/settings-section';

/** `/settings`: the account, its email and password, and sign-out. */
export function SettingsPage() {
  const { user } = useSession();
  useDocumentTitle('Settings');
  if (!user) return null;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <div className="mb-8 space-y-1.5 sm:mb-10">
        <h1 className="text-2xl font-semibold tracking-tight text-ink sm:text-3xl">Settings</h1>
        <p className="text-sm text-ink-subtle">Manage your account, your email address and your password.</p>
      </div>

      <SettingsSection id="settings-account" title="Account" description="Your profile, plan and role in Tessera.">
        <AccountCard user={user} />
      </SettingsSection>

      <SettingsSection
        id="settings-plan"
        title="Plan"
        description="Your plan, its subscription and billing. New limits apply as soon as a purchase lands."
      >
        <PlanSettingsCard />
      </SettingsSection>

      <SettingsSection
        id="settings-email"
        title="Email address"
        description="We’ll send a confirmation link to the new address. Your email changes once you open it."
      >
        <ChangeEmailForm currentEmail={user.email} />
      </SettingsSection>

      <SettingsSection
        id="settings-password"
        title="Password"
        description="Use a strong password you don’t use on other sites."
      >
        <ChangePasswordForm />
      </SettingsSection>

      <SettingsSection id="settings-session" title="Sign out" description="End your session on this device.">
        <Card>
          <CardContent className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-ink-muted">
              Signed in as <span className="font-medium text-ink">{user.email}</span>
            </p>
            <Button asChild variant="secondary">
              <Link to="/logout">
                <LogOut aria-hidden />
                Sign out
              </Link>
            </Button>
          </CardContent>
        </Card>
      </SettingsSection>
    </div>
  );
}
