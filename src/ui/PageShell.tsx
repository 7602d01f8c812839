import type { ReactNode } from 'react';
import '../i18n';
import { SiteHeader } from './nav/SiteHeader';

/** PageShell props: the page body. */
export interface PageShellProps {
  children: ReactNode;
}

/** The frame of the site's pages (AppShell's routes, the drill list, login, plus, help): the
 * site header (src/ui/nav/SiteHeader.tsx: the product name, the site's places, log in / the
 * account) and the body. */
export function PageShell({ children }: PageShellProps) {
  return (
    <div className="shell">
      <SiteHeader />
      <main className="shell__main">{children}</main>
    </div>
  );
}
