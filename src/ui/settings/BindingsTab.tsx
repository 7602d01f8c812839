import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BINDING_ACTIONS, type BindingAction } from '../../contracts/gameOptions';
import {
  BINDING_SLOTS,
  bindingLabel,
  findBinding,
  isSlotEditable,
  mouseButtonCode,
  padButtonCode,
  slotAccepts,
  type BindingSlot,
} from '../../state/settings/bindings';
import { settingsActions } from '../../state/settings/settingsSlice';
import { useAppDispatch, useAppSelector } from '../../state/hooks';

/** The cell waiting for input. */
export interface ListeningCell {
  action: BindingAction;
  slot: BindingSlot;
}

/** How often the gamepads are polled while a pad cell listens (spec section 9: 60 per second). */
const PAD_POLL_MS = 1000 / 60;

/** Indexes of the pressed buttons of every connected gamepad. */
function pressedPadButtons(): Set<number> {
  const out = new Set<number>();
  const pads = typeof navigator !== 'undefined' && typeof navigator.getGamepads === 'function' ? navigator.getGamepads() : [];
  for (const pad of pads ?? []) {
    pad?.buttons.forEach((b, i) => {
      if (b.pressed) out.add(i);
    });
  }
  return out;
}

/** Class of the binding cell that is listening: a mouse button pressed on it is bound. */
export const LISTENING_CELL_CLASS = 'binding-cell--listening';

/**
 * Listens for the next input for `cell` while it is set: a key (`KeyboardEvent.code`) or a
 * mouse button (`mouse{n}`) pressed ON the listening cell (the `LISTENING_CELL_CLASS` element)
 * for key / alt cells, a gamepad button (`button{n}`, by polling navigator.getGamepads) for pad
 * cells. Only input given on purpose is bound: Escape cancels, and so does a mouse press anywhere
 * else (a press on another binding cell only cancels: its click is swallowed; elsewhere the click
 * goes on, e.g. to a tab or Save). The bound input is swallowed (capture phase, propagation
 * stopped) so the game page's keys do nothing meanwhile; the click that follows a mouse
 * assignment is swallowed too.
 */
export function useBindingListener(cell: ListeningCell | null, onCode: (code: string) => void, onCancel: () => void): void {
  const onCodeRef = useRef(onCode);
  const onCancelRef = useRef(onCancel);
  onCodeRef.current = onCode;
  onCancelRef.current = onCancel;

  useEffect(() => {
    if (!cell) return;
    const swallow = (e: Event) => {
      e.preventDefault();
      e.stopPropagation();
      e.stopImmediatePropagation();
    };
    const swallowNextClick = () => {
      const once = (e: Event) => {
        swallow(e);
        window.removeEventListener('click', once, true);
      };
      window.addEventListener('click', once, true);
      window.setTimeout(() => window.removeEventListener('click', once, true), 500);
    };
    const onKeyDown = (e: KeyboardEvent) => {
      swallow(e);
      if (e.code === 'Escape' || e.key === 'Escape') {
        onCancelRef.current();
        return;
      }
      if (cell.slot !== 'pad' && e.code && slotAccepts(cell.slot, e.code)) onCodeRef.current(e.code);
    };
    const onMouseDown = (e: MouseEvent) => {
      const target = e.target instanceof Element ? e.target : null;
      const onListeningCell = !!target?.closest(`.${LISTENING_CELL_CLASS}`);
      if (!onListeningCell) {
        // a press elsewhere is not an input to bind: it cancels
        if (target?.closest('.binding-cell')) {
          swallow(e);
          if (e.button === 0) swallowNextClick();
        }
        onCancelRef.current();
        return;
      }
      swallow(e);
      if (e.button === 0) swallowNextClick(); // only the main button is followed by a click
      if (cell.slot === 'pad') onCancelRef.current();
      else onCodeRef.current(mouseButtonCode(e.button));
    };
    const onContextMenu = (e: Event) => e.preventDefault();

    let held = pressedPadButtons();
    const timer = window.setInterval(() => {
      const now = pressedPadButtons();
      for (const i of now) {
        if (!held.has(i) && cell.slot === 'pad') {
          onCodeRef.current(padButtonCode(i));
          return;
        }
      }
      held = now;
    }, PAD_POLL_MS);

    window.addEventListener('keydown', onKeyDown, true);
    window.addEventListener('mousedown', onMouseDown, true);
    window.addEventListener('contextmenu', onContextMenu, true);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('keydown', onKeyDown, true);
      window.removeEventListener('mousedown', onMouseDown, true);
      // keep blocking the context menu of a right-button assignment for a moment
      window.setTimeout(() => window.removeEventListener('contextmenu', onContextMenu, true), 300);
    };
  }, [cell]);
}

/** BindingsTab props. */
export interface BindingsTabProps {
  disabled?: boolean;
  /** tells the menu a cell is listening (its own Escape handling must stay off meanwhile) */
  onListeningChange?(listening: boolean): void;
}

/**
 * Controls → Bindings (spec section 5): forward … pause, each with key, alternative and
 * controller cells. Click a cell to listen; the next key / mouse button / pad button is
 * assigned (and cleared from any other binding that had it); Escape cancels; the pause binding's
 * main key is fixed; Clear empties a binding.
 */
export function BindingsTab({ disabled, onListeningChange }: BindingsTabProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const bindings = useAppSelector((s) => s.settings.gameOptions.control.bindings);
  const [listening, setListening] = useState<ListeningCell | null>(null);
  // what the last assignment took away from another action (spec section 5: the key is cleared
  // there), told to the player
  const [moved, setMoved] = useState<{ code: string; from: BindingAction } | null>(null);

  useEffect(() => {
    onListeningChange?.(listening !== null);
  }, [listening, onListeningChange]);
  useEffect(() => () => onListeningChange?.(false), [onListeningChange]);

  useBindingListener(
    listening,
    (code) => {
      if (!listening) return;
      const lost = findBinding(bindings, code).find((b) => !(b.action === listening.action && b.slot === listening.slot));
      dispatch(settingsActions.bindingAssigned({ action: listening.action, slot: listening.slot, code }));
      setMoved(lost && lost.action !== listening.action ? { code, from: lost.action } : null);
      setListening(null);
    },
    () => setListening(null),
  );

  return (
    <div className="bindings" data-testid="settings-bindings">
      {moved ? (
        <p className="bindings__moved" role="status" data-testid="binding-moved">
          {t('settings.bindings.moved', { key: bindingLabel(moved.code), action: t(`settings.bindings.actions.${moved.from}`) })}
        </p>
      ) : null}
      <table className="bindings__table">
        <thead>
          <tr>
            <th scope="col">{t('settings.bindings.action')}</th>
            {BINDING_SLOTS.map((slot) => (
              <th scope="col" key={slot}>
                {t(`settings.bindings.${slot}`)}
              </th>
            ))}
            <th scope="col" aria-label={t('settings.bindings.clear')} />
          </tr>
        </thead>
        <tbody>
          {BINDING_ACTIONS.map((action) => (
            <tr key={action} data-testid={`binding-${action}`}>
              <th scope="row">{t(`settings.bindings.actions.${action}`)}</th>
              {BINDING_SLOTS.map((slot) => {
                const editable = isSlotEditable(action, slot);
                const isListening = listening?.action === action && listening.slot === slot;
                const code = bindings[action]?.[slot] ?? null;
                return (
                  <td key={slot}>
                    <button
                      type="button"
                      className={`binding-cell${isListening ? ` ${LISTENING_CELL_CLASS}` : ''}`}
                      data-testid={`binding-${action}-${slot}`}
                      data-code={code ?? ''}
                      disabled={disabled || !editable}
                      title={editable ? undefined : t('settings.bindings.locked')}
                      aria-pressed={isListening}
                      onClick={() => {
                        setMoved(null);
                        setListening(isListening ? null : { action, slot });
                      }}
                    >
                      {isListening
                        ? t(slot === 'pad' ? 'settings.bindings.listening_pad' : 'settings.bindings.listening')
                        : bindingLabel(code) || t('settings.bindings.unbound')}
                    </button>
                  </td>
                );
              })}
              <td>
                <button
                  type="button"
                  className="btn btn--small"
                  data-testid={`binding-${action}-clear`}
                  disabled={disabled}
                  onClick={() => {
                    setListening(null);
                    dispatch(settingsActions.bindingCleared({ action }));
                  }}
                >
                  {t('settings.bindings.clear')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted setting__hint">{listening ? t('settings.bindings.escape_cancels') : t('settings.bindings.locked')}</p>
    </div>
  );
}
