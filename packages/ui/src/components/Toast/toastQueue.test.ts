import { describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION, TOAST_REMOVE_DELAY, createToastStore, toastReducer, type Scheduler, type ToastRecord } from './toastQueue.ts';

/** A manual clock: timers fire only when the test advances time. */
function fakeScheduler() {
  let now = 0;
  let seq = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  const scheduler: Scheduler = {
    setTimeout: (fn, ms) => {
      seq += 1;
      timers.set(seq, { at: now + ms, fn });
      return seq;
    },
    clearTimeout: (h) => void timers.delete(h as number),
    now: () => now,
  };
  const advance = (ms: number) => {
    const target = now + ms;
    for (;;) {
      const next = [...timers.entries()].filter(([, t]) => t.at <= target).sort((a, b) => a[1].at - b[1].at)[0];
      if (!next) break;
      timers.delete(next[0]);
      now = next[1].at;
      next[1].fn();
    }
    now = target;
  };
  return { scheduler, advance, pending: () => timers.size };
}

const record = (id: string): ToastRecord => ({ id, title: id, variant: 'default', duration: 5000, open: true });

describe('toastReducer', () => {
  it('keeps only the newest toast (limit 1)', () => {
    const state = toastReducer([record('a')], { type: 'add', toast: record('b') });
    expect(state.map((t) => t.id)).toEqual(['b']);
  });

  it('dismiss marks closed without removing; remove deletes', () => {
    const dismissed = toastReducer([record('a')], { type: 'dismiss', id: 'a' });
    expect(dismissed).toEqual([{ ...record('a'), open: false }]);
    expect(toastReducer(dismissed, { type: 'remove', id: 'a' })).toEqual([]);
  });

  it('update merges into the matching toast only', () => {
    const state = toastReducer([record('a')], { type: 'update', id: 'a', patch: { title: 'new' } });
    expect(state[0].title).toBe('new');
    expect(toastReducer(state, { type: 'update', id: 'zzz', patch: { title: 'x' } })).toEqual(state);
  });
});

describe('createToastStore', () => {
  it('closes after the default 5000 ms and removes 3000 ms later', () => {
    const { scheduler, advance } = fakeScheduler();
    const store = createToastStore(scheduler);
    const id = store.add({ title: 'Saved' });
    expect(store.getSnapshot()[0]).toMatchObject({ id, open: true, variant: 'default', duration: TOAST_DURATION });
    advance(TOAST_DURATION - 1);
    expect(store.getSnapshot()[0].open).toBe(true);
    advance(1);
    expect(store.getSnapshot()[0].open).toBe(false);
    advance(TOAST_REMOVE_DELAY - 1);
    expect(store.getSnapshot()).toHaveLength(1);
    advance(1);
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it('a new toast replaces the previous one and drops its timers', () => {
    const { scheduler, advance, pending } = fakeScheduler();
    const store = createToastStore(scheduler);
    store.add({ title: 'First' });
    const second = store.add({ title: 'Second', variant: 'destructive' });
    expect(store.getSnapshot().map((t) => t.title)).toEqual(['Second']);
    expect(pending()).toBe(1);
    advance(TOAST_DURATION);
    expect(store.getSnapshot()[0]).toMatchObject({ id: second, open: false });
  });

  it('update changes content and a new duration restarts the countdown', () => {
    const { scheduler, advance } = fakeScheduler();
    const store = createToastStore(scheduler);
    const id = store.add({ title: 'Uploading', duration: 1000 });
    advance(900);
    store.update(id, { title: 'Upload successful', variant: 'success', duration: 1000 });
    advance(900);
    expect(store.getSnapshot()[0]).toMatchObject({ title: 'Upload successful', variant: 'success', open: true });
    advance(100);
    expect(store.getSnapshot()[0].open).toBe(false);
  });

  it('dismiss() without id closes all; dismissing twice schedules one removal', () => {
    const { scheduler, advance, pending } = fakeScheduler();
    const store = createToastStore(scheduler);
    store.add({ title: 'A', duration: Infinity });
    expect(pending()).toBe(0);
    store.dismiss();
    store.dismiss();
    expect(store.getSnapshot()[0].open).toBe(false);
    expect(pending()).toBe(1);
    advance(TOAST_REMOVE_DELAY);
    expect(store.getSnapshot()).toEqual([]);
  });

  it('pause holds the countdown and resume continues with the remaining time', () => {
    const { scheduler, advance } = fakeScheduler();
    const store = createToastStore(scheduler);
    const id = store.add({ title: 'Hover me', duration: 1000 });
    advance(600);
    store.pause(id);
    advance(5000);
    expect(store.getSnapshot()[0].open).toBe(true);
    store.resume(id);
    advance(399);
    expect(store.getSnapshot()[0].open).toBe(true);
    advance(1);
    expect(store.getSnapshot()[0].open).toBe(false);
  });

  it('notifies subscribers until they unsubscribe', () => {
    const { scheduler } = fakeScheduler();
    const store = createToastStore(scheduler);
    let calls = 0;
    const off = store.subscribe(() => (calls += 1));
    store.add({ title: 'x' });
    off();
    store.add({ title: 'y' });
    expect(calls).toBe(1);
  });

  it('an action runs instead of onClose; a toast that goes any other way calls onClose once', () => {
    const { scheduler, advance } = fakeScheduler();
    const store = createToastStore(scheduler);
    const clock = { advance };
    const undo = vi.fn();
    const closed = vi.fn();
    const id = store.add({ title: 'Folder deleted', action: { label: 'Undo', onAction: undo }, onClose: closed, duration: 1000 });
    store.act(id);
    expect(undo).toHaveBeenCalledOnce();
    clock.advance(5000);
    expect(closed).not.toHaveBeenCalled();

    const timedOut = vi.fn();
    store.add({ title: 'A', onClose: timedOut, duration: 1000 });
    clock.advance(1000);
    expect(timedOut).toHaveBeenCalledOnce();

    const replaced = vi.fn();
    store.add({ title: 'B', onClose: replaced, duration: Infinity });
    store.add({ title: 'C' });
    expect(replaced).toHaveBeenCalledOnce();
    store.dismiss();
    expect(replaced).toHaveBeenCalledOnce();
  });
});
