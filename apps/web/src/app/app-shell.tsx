import { Link, NavLink, Outlet, useNavigate } from 'react-router';
import { ChevronDown, LogOut, Settings, ShieldCheck } from 'lucide-react';
import {
  Avatar,
  Badge,
  Logo,
  Menu,
  MenuContent,
  MenuItem,
  MenuLabel,
  MenuSeparator,
  MenuTrigger,
  cn,
} from '@tessera/ui';
import { planLabel, useCurrentAccount } from '../features/account';
import { useSession } from '../shared/session';

/** The signed-in frame: a sticky header with the logo, main navigation and the user menu. */
export function AppShell() {
  const { user } = useSession();
  const navigate = useNavigate();
  const account = useCurrentAccount(Boolean(user));
  const displayName = user?.name || user?.email || '';

  const navClass = ({ isActive }: { isActive: boolean }) =>
    cn(
      'rounded-md px-3 py-1.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-brand-500',
      isActive ? 'bg-zinc-100 text-ink' : 'text-ink-subtle hover:text-ink',
    );

  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-40 border-b border-line bg-surface/85 backdrop-blur supports-[backdrop-filter]:bg-surface/75">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:gap-6 sm:px-6">
          <Link
            to="/home"
            className="flex items-center rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-500"
            aria-label="Tessera home"
          >
            <Logo size={28} />
          </Link>
          <nav aria-label="Main" className="hidden items-center gap-1 sm:flex">
            <NavLink to="/home" className={navClass}>
              Apps
            </NavLink>
            <NavLink to="/settings" className={navClass}>
              Settings
            </NavLink>
            {account.data?.isAdmin && (
              <NavLink to="/admin" className={navClass}>
                Admin
              </NavLink>
            )}
          </nav>
          <div className="ml-auto flex items-center gap-3">
            {account.data && (
              <span className="hidden sm:block">
                <Badge tone="brand">{planLabel(account.data.plan)} plan</Badge>
              </span>
            )}
            {user && (
              <Menu>
                <MenuTrigger
                  className="flex items-center gap-2 rounded-full py-1 pr-1 pl-1 text-sm font-medium text-ink hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-brand-500 data-[state=open]:bg-zinc-100 sm:pr-2.5"
                  aria-label="Account menu"
                >
                  <Avatar name={displayName} size={30} />
                  <span className="hidden max-w-40 truncate sm:inline">{user.name || user.email}</span>
                  <ChevronDown className="hidden size-4 text-ink-subtle sm:block" aria-hidden />
                </MenuTrigger>
                <MenuContent>
                  <MenuLabel>
                    <p className="truncate text-sm font-medium text-ink">{user.name || 'Your account'}</p>
                    <p className="truncate text-[13px] text-ink-subtle">{user.email}</p>
                    {account.data && (
                      <div className="mt-2 flex gap-1.5">
                        <Badge tone="brand">{planLabel(account.data.plan)} plan</Badge>
                        {account.data.isAdmin && <Badge tone="warning">Admin</Badge>}
                      </div>
                    )}
                  </MenuLabel>
                  <MenuSeparator />
                  <MenuItem onSelect={() => navigate('/settings')}>
                    <Settings aria-hidden />
                    Settings
                  </MenuItem>
                  {account.data?.isAdmin && (
                    <MenuItem onSelect={() => navigate('/admin')}>
                      <ShieldCheck aria-hidden />
                      Admin
                    </MenuItem>
                  )}
                  <MenuItem onSelect={() => navigate('/logout')}>
                    <LogOut aria-hidden />
                    Sign out
                  </MenuItem>
                </MenuContent>
              </Menu>
            )}
          </div>
        </div>
      </header>
      <main className="flex-1">
        <Outlet />
      </main>
    </div>
  );
}
