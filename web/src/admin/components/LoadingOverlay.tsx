import { MESSAGES } from '@shop/shared';
import { Spin } from 'antd';
import { useEffect, useSyncExternalStore } from 'react';
import { setLoadingPresenter } from '../../lib/notify';

/**
 * SPEC §8's "Loading Request" as the control centre's loading overlay (issue 25 §1.4): over the screen while a
 * save or a load is under way, but only once it has taken longer than a moment (LOADING_DELAY_MS), so quick
 * answers never flash it. Saves raise it through notify.loading() (handleResult closes it, as SPEC §8 says);
 * loads with useLoadingOverlay(busy).
 */
export const LOADING_DELAY_MS = 400;
const LOADING_VEIL = 'rgba(0, 0, 0, 0.75)';

let pending = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => pending > 0;

/** A save's overlay: one at a time (a second notify.loading() before the reply does not stack). */
let saving = false;
const presenter = {
  show: () => {
    if (saving) return;
    saving = true;
    pending += 1;
    emit();
  },
  hide: () => {
    if (!saving) return;
    saving = false;
    pending -= 1;
    emit();
  },
};

/** Holds the overlay up while `busy` (a screen's first load); several screens' loads count together. */
export function useLoadingOverlay(busy: boolean): void {
  useEffect(() => {
    if (!busy) return;
    pending += 1;
    emit();
    return () => {
      pending -= 1;
      emit();
    };
  }, [busy]);
}

/** Mounted once at the control centre's root; binds itself as notify's loading presenter. */
export function LoadingOverlay() {
  const loading = useSyncExternalStore(subscribe, snapshot);
  useEffect(() => {
    setLoadingPresenter(presenter);
    return () => {
      presenter.hide();
      setLoadingPresenter(null);
    };
  }, []);
  return (
    <Spin
      fullscreen
      spinning={loading}
      delay={LOADING_DELAY_MS}
      description={MESSAGES.loading.title}
      size="large"
      // antd's veil (45 % black) leaves the white "Loading Request" at about 3.4:1 over a white page; at 75 % it
      // is above 8:1 over any page (WCAG AA asks 4.5:1, issue 31 §17).
      styles={{ root: { backgroundColor: LOADING_VEIL } }}
      data-testid="loading-overlay"
    />
  );
}
