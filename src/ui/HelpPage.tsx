import { useTranslation } from 'react-i18next';
import '../i18n';
import type { HelpTopic } from '../contracts/helpPages';
import { GAME_OPTIONS_PATH } from '../contracts/gameOptions';
import { PageShell } from './PageShell';

/** The steps of each help page, in order (keys under help.{topic}). */
const STEPS: Record<HelpTopic, { title: string; steps: string[]; after?: string; before?: { title: string; text: string } }> = {
  maximumFps: {
    title: 'steps_title',
    steps: ['step_acceleration_chrome', 'step_acceleration_firefox', 'step_check_gpu', 'step_settings', 'step_laptop', 'step_tabs'],
    after: 'vsync',
  },
  mouseSkipFix: {
    before: { title: 'fix_title', text: 'fix' },
    title: 'more_title',
    steps: ['step_polling', 'step_update', 'step_browser'],
    after: 'once',
  },
};

/**
 * A help page the game's notices link to (spec section 2: the maximum-fps page, linked from
 * the low-FPS notice's More info; the mouse-skip fix page, linked from the 'mouse skipping'
 * notice). Static text from i18n (help.{topic}), inside the host pages' PageShell.
 */
export function HelpPage({ topic }: { topic: HelpTopic }) {
  const { t } = useTranslation();
  const page = STEPS[topic];
  const k = (key: string) => t(`help.${topic}.${key}`);
  return (
    <PageShell>
      <article className="page help-page" data-testid={`help-${topic}`}>
        <h1>{k('title')}</h1>
        <p>{k('intro')}</p>
        {page.before && (
          <>
            <h2>{k(page.before.title)}</h2>
            <p>{k(page.before.text)}</p>
          </>
        )}
        <h2>{k(page.title)}</h2>
        <ol className="help-page__steps">
          {page.steps.map((s) => (
            <li key={s}>{k(s)}</li>
          ))}
        </ol>
        {page.after && <p className="muted">{k(page.after)}</p>}
        <p className="help-page__links">
          <a href="/drills">{t('help.back_to_drills')}</a>
          <a href={GAME_OPTIONS_PATH}>{t('help.open_settings')}</a>
          <a href="/">{t('help.play')}</a>
        </p>
      </article>
    </PageShell>
  );
}

export default HelpPage;
