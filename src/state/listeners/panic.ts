/**
 * A panic (an error card): the controller stops and the host is told ('error', with the
 * card's title and description in the page's language).
 */
import i18n from '../../i18n';
import { getController } from '../gameHolder';
import type { AppStartListening } from './listenerTypes';

export function listenPanic(startListening: AppStartListening): void {
  startListening({
    predicate: (_a, cur, prev) => cur.run.panic !== null && prev.run.panic === null,
    effect: (_a, api) => {
      const controller = getController();
      try {
        controller?.stop();
      } catch (e) {
        console.warn('controller.stop failed', e);
      }
      const panic = api.getState().run.panic;
      if (panic) {
        const t = (key: string) => i18n.t(key, { ...(panic.params ?? {}), defaultValue: key });
        api.extra.emitHostEvent('error', { title: t(panic.title), description: t(panic.description) });
      }
    },
  });
}
