import React, { useEffect, useState } from "react";
import { Link } from "react-router-dom";
import { LogInIcon, LogOutIcon, MenuIcon, XIcon } from "lucide-react";
import { User } from "@/entities/User";
import { createPageUrl, useAppLook } from "@/utils";

function isActive(item, currentPageName) {
  const current = String(currentPageName || "").toLowerCase();
  return item.pages.some((page) => page.toLowerCase() === current);
}

function NavLinks({ items, currentPageName, onNavigate }) {
  return (
    <nav className="flex flex-col gap-1">
      {items.map((item) => {
        const Icon = item.icon;
        const active = isActive(item, currentPageName);
        return (
          <Link
            key={item.page}
            to={createPageUrl(item.page)}
            onClick={onNavigate}
            className={
              "flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors " +
              (active ? "bg-primary/10 text-primary" : "text-muted-foreground hover:bg-muted hover:text-foreground")
            }
          >
            <Icon className="h-4 w-4" />
            {item.label}
          </Link>
        );
      })}
    </nav>
  );
}

/** Who is signed in, with sign in / sign out (records are private to their creator by default). */
function Account() {
  const [user, setUser] = useState(undefined);

  useEffect(() => {
    let isCurrent = true;
    User.me()
      .then((me) => {
        if (isCurrent) setUser(me);
      })
      .catch(() => {
        if (isCurrent) setUser(null);
      });
    return () => {
      isCurrent = false;
    };
  }, []);

  if (user === undefined) return null;
  if (!user) {
    return (
      <button
        type="button"
        onClick={() => User.login()}
        className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-muted-foreground hover:bg-muted hover:text-foreground"
      >
        <LogInIcon className="h-4 w-4" />
        Sign in
      </button>
    );
  }
  return (
    <div className="flex items-center gap-2 rounded-lg px-3 py-2 text-sm">
      <span className="min-w-0 flex-1 truncate text-muted-foreground">{user.full_name || user.email}</span>
      <button
        type="button"
        onClick={() => User.logout()}
        className="rounded-lg p-2 text-muted-foreground transition-colors hover:bg-muted hover:text-foreground"
        aria-label="Sign out"
      >
        <LogOutIcon className="h-4 w-4" />
      </button>
    </div>
  );
}

/**
 * The app's logo and header as the builder set them (App branding, App texts), else its icon and name;
 * a link to the app's main page (createPageUrl("")), whatever its name.
 */
function Brand({ appName, icon: Icon }) {
  const look = useAppLook();
  return (
    <Link to={createPageUrl("")} className="flex min-w-0 items-center gap-2 font-semibold text-heading">
      {look.logoUrl ? (
        <img src={look.logoUrl} alt="" className="h-8 w-8 shrink-0 rounded-lg object-contain" />
      ) : (
        <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground">
          <Icon className="h-4 w-4" />
        </span>
      )}
      <span className="min-w-0">
        <span className="block truncate">{look.header || appName}</span>
        {look.description && (
          <span className="block truncate text-xs font-normal text-subheading">{look.description}</span>
        )}
      </span>
    </Link>
  );
}

/**
 * The frame around every page: sidebar navigation on desktop, a top bar with a menu on mobile.
 * `navItems` are `{ label, page, icon, pages }`; an item is active on any of its `pages`.
 */
export default function AppShell({ appName, brandIcon, navItems, currentPageName, children }) {
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const brand = <Brand appName={appName} icon={brandIcon} />;

  return (
    <div className="min-h-screen text-foreground md:flex">
      <aside className="hidden w-64 shrink-0 flex-col gap-6 border-r border-border bg-surface p-4 md:sticky md:top-0 md:flex md:h-screen md:overflow-y-auto">
        {brand}
        <NavLinks items={navItems} currentPageName={currentPageName} />
        <div className="mt-auto border-t border-border pt-4">
          <Account />
        </div>
      </aside>

      <header className="sticky top-0 z-10 border-b border-border bg-surface md:hidden">
        <div className="flex items-center justify-between px-4 py-3">
          {brand}
          <button
            type="button"
            onClick={() => setIsMenuOpen((open) => !open)}
            className="rounded-lg p-2 text-muted-foreground transition-colors hover:bg-muted hover:text-foreground"
            aria-label={isMenuOpen ? "Close menu" : "Open menu"}
          >
            {isMenuOpen ? <XIcon className="h-5 w-5" /> : <MenuIcon className="h-5 w-5" />}
          </button>
        </div>
        {isMenuOpen && (
          <div className="border-t border-border px-4 py-3">
            <NavLinks items={navItems} currentPageName={currentPageName} onNavigate={() => setIsMenuOpen(false)} />
            <div className="mt-3 border-t border-border pt-3">
              <Account />
            </div>
          </div>
        )}
      </header>

      <main className="min-w-0 flex-1">
        <div className="mx-auto max-w-5xl px-4 py-6 md:px-8 md:py-10">{children}</div>
      </main>
    </div>
  );
}
