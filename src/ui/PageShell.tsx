import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import '../i18n';

/** PageShell props: the page body, and whether the header links to the drill list. */
export interface PageShellProps {
  children: ReactNode;
  /** show the 'Drills' link in the header (default true) */
  drillsLink?: boolean;
}

/** The frame of the host web app's pages (AppShell's routes, the drill list): a header with
 * the product name linking home (/app/#/), optionally the drill list link, the drill editor's
 * link, and the body. */
export function PageShell({ children, drillsLink = true }: PageShellProps) {
  const { t } = useTranslation();
  return (
    <div className="shell">
      <header className="shell__header">
        <a href="/app/#/" className="shell__brand">
          {t('app.title')}
        </a>
        <nav>
          {drillsLink && <a href="/drills">{t('drills.title')}</a>}
          {/* issue 17: the drill editor */}
          <a href="/app/#/editor">{t('drills.editor')}</a>
        </nav>
      </header>
      <main className="shell__main">{children}</main>
    </div>
  );
}
