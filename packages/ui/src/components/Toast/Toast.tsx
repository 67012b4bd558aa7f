import { useLingui } from '@lingui/react/macro';
import { assignInlineVars } from '@vanilla-extract/dynamic';
import { useEffect, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { CloseIcon, DangerIcon, SuccessIcon } from '../icons/icons.tsx';
import { Button } from '../Button/Button.tsx';
import { IconButton } from '../IconButton/IconButton.tsx';
import { useStore } from '../../store/createStore.ts';
import { KIT_ROOT_CLASS } from '../../theme/kitRoot.ts';
import * as styles from './Toast.css.ts';
import { toastStore, type ToastRecord, type ToastStore } from './toastQueue.ts';
import { registerRegion, regionsOf } from './toastRegions.ts';

/** Spec §4: a swipe to the right past this many pixels closes the toast. */
export const SWIPE_THRESHOLD = 50;

export interface ToastProviderProps {
  /** Optional app content rendered before the region. */
  children?: ReactNode;
  /** Defaults to the app-wide store behind `toast()`. */
  store?: ToastStore;
}

/**
 * Renders the notification region (label "Notification"). F8 anywhere moves focus to it, so
 * keyboard users can reach a toast's close button. Toasts come from `toast()`.
 */
export function ToastProvider({ children, store = toastStore }: ToastProviderProps) {
  // Kit components' fallback regions stay away while a provider shows this store.
  useEffect(() => registerRegion(regionsOf(store), { kind: 'provider', id: 'provider' }), [store]);
  return <ToastRegion store={store}>{children}</ToastRegion>;
}

/** The region itself, shared by ToastProvider and the kit's ToastFallback. */
export function ToastRegion({ children, store }: { children?: ReactNode; store: ToastStore }) {
  const { t } = useLingui();
  const toasts = useStore(store);
  const regionRef = useRef<HTMLElement>(null);

  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key === 'F8' && !e.altKey && !e.ctrlKey && !e.metaKey) {
        e.preventDefault();
        regionRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <>
      {children}
      <section ref={regionRef} aria-label={t`Notification`} tabIndex={-1} className={`${KIT_ROOT_CLASS} ${styles.region}`}>
        <div className={styles.list}>
          {toasts.map((record) => (
            <ToastItem key={record.id} record={record} store={store} />
          ))}
        </div>
      </section>
    </>
  );
}

function ToastItem({ record, store }: { record: ToastRecord; store: ToastStore }) {
  const { t } = useLingui();
  const start = useRef<{ x: number; pointerId: number } | null>(null);
  const [dx, setDx] = useState(0);
  const Icon = record.variant === 'success' ? SuccessIcon : record.variant === 'destructive' ? DangerIcon : null;

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    // Buttons inside keep their own press behaviour.
    if ((e.target as HTMLElement).closest('button')) return;
    start.current = { x: e.clientX, pointerId: e.pointerId };
    try {
      // Keep receiving moves when the pointer leaves the toast mid-swipe.
      e.currentTarget.setPointerCapture(e.pointerId);
    } catch {
      // Synthetic or already-released pointers cannot be captured; the swipe still works over the toast.
    }
    store.pause(record.id);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!start.current || start.current.pointerId !== e.pointerId) return;
    setDx(Math.max(0, e.clientX - start.current.x));
  };
  const endSwipe = (e: PointerEvent<HTMLDivElement>) => {
    if (!start.current || start.current.pointerId !== e.pointerId) return;
    const distance = e.clientX - start.current.x;
    start.current = null;
    if (distance > SWIPE_THRESHOLD) {
      store.dismiss(record.id);
    } else {
      setDx(0);
      store.resume(record.id);
    }
  };

  return (
    <div
      // Destructive toasts interrupt (alert); others are polite status messages.
      role={record.variant === 'destructive' ? 'alert' : 'status'}
      aria-atomic="true"
      aria-hidden={record.open ? undefined : true}
      data-toast=""
      data-state={record.open ? 'open' : 'closed'}
      data-variant={record.variant}
      data-swiping={dx > 0 ? '' : undefined}
      className={styles.toast[record.variant]}
      style={dx ? assignInlineVars({ [styles.swipeX]: `${dx}px` }) : undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endSwipe}
      onPointerCancel={endSwipe}
      onMouseEnter={() => store.pause(record.id)}
      onMouseLeave={() => store.resume(record.id)}
      onFocus={() => store.pause(record.id)}
      onBlur={() => store.resume(record.id)}
    >
      {Icon ? (
        <span className={styles.icon[record.variant]}>
          <Icon />
        </span>
      ) : null}
      <div className={styles.content}>
        <div className={styles.title}>{record.title}</div>
        {record.description ? <div className={styles.description}>{record.description}</div> : null}
      </div>
      {record.open && record.action ? (
        <Button size="sm" variant="secondary" onPress={() => store.act(record.id)}>
          {record.action.label}
        </Button>
      ) : null}
      {record.open ? (
        <span className={styles.close}>
          <IconButton aria-label={t`Close`} icon={<CloseIcon />} size="sm" onPress={() => store.dismiss(record.id)} />
        </span>
      ) : null}
    </div>
  );
}
