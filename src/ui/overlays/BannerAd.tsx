import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../i18n';
import '../account.css';
import { ADBLOCK_MESSAGE, BANNER_TEMPLATE_PATH, PREMIUM_PATH } from '../../contracts/ads';
import { useAppSelector } from '../../state/hooks';
import { showBannerAd } from '../../state/run/runSlice';

/**
 * The banner-ads iframe (issue 13, spec sections 2 and 8): the fixed template BANNER_TEMPLATE_PATH
 * (a house ad linking to premium), shown from assets-loaded until the last countdown second, to
 * players who get ads. The template is requested first: when that request fails (an ad blocker,
 * or the network), the ad-block message 'Video hidden due to Adblock' shows instead, linking to
 * premium. The iframe itself is inserted in the first task after the frame in which the banner
 * became visible (a frame's creation must not hold back the countdown it shows with).
 */
export function BannerAd() {
  const { t } = useTranslation();
  const visible = useAppSelector(showBannerAd);
  const [blocked, setBlocked] = useState<boolean | null>(null);
  // the iframe is created a frame after the banner became visible, never in the same commit:
  // a frame's creation is a long synchronous DOM insertion (tens of ms under load) that held back
  // the render it came with, the restart's countdown (issue 15: within 300 ms of the key)
  const [frameDue, setFrameDue] = useState(false);
  useEffect(() => {
    if (!visible || blocked !== false) {
      setFrameDue(false);
      return;
    }
    let live = true;
    const raf = requestAnimationFrame(() => setTimeout(() => live && setFrameDue(true), 0));
    return () => {
      live = false;
      cancelAnimationFrame(raf);
    };
  }, [visible, blocked]);

  useEffect(() => {
    if (!visible || blocked !== null) return;
    let live = true;
    fetch(BANNER_TEMPLATE_PATH, { credentials: 'same-origin', cache: 'no-store' }).then(
      (res) => live && setBlocked(!res.ok),
      () => live && setBlocked(true),
    );
    return () => {
      live = false;
    };
  }, [visible, blocked]);

  if (!visible || blocked === null) return null;
  if (blocked) {
    return (
      <div className="ad-block-message" data-testid="adblock-message" role="status">
        {ADBLOCK_MESSAGE}
        <a href={PREMIUM_PATH} target="_blank" rel="noopener">{t('ads.adblock_link')}</a>
      </div>
    );
  }
  if (!frameDue) return null;
  return <iframe className="ad-banner" data-testid="banner-ad" src={BANNER_TEMPLATE_PATH} title={t('ads.label')} />;
}
