import { describe, expect, it, vi } from 'vitest';
import { outputDeletes } from './aiOutputDeletes.ts';

describe('outputDeletes (an AI output deleted with Undo)', () => {
  it('hides the output at once and sends the DELETE only when the toast goes', async () => {
    outputDeletes.add(7, 41);
    expect(outputDeletes.isWaiting(41)).toBe(true);
    const remove = vi.fn(() => Promise.resolve({ ok: true }));
    expect(await outputDeletes.commit(41, remove)).toBe('deleted');
    expect(remove).toHaveBeenCalledTimes(1);
    // Still hidden until the cached list has dropped it.
    expect(outputDeletes.isWaiting(41)).toBe(true);
    outputDeletes.done(41);
    expect(outputDeletes.isWaiting(41)).toBe(false);
  });

  it('sends nothing after Undo, and shows the output again', async () => {
    outputDeletes.add(7, 42);
    outputDeletes.undo(42);
    expect(outputDeletes.isWaiting(42)).toBe(false);
    const remove = vi.fn(() => Promise.resolve({ ok: true }));
    expect(await outputDeletes.commit(42, remove)).toBe('undone');
    expect(remove).not.toHaveBeenCalled();
  });

  it('shows the output again when the server refuses', async () => {
    outputDeletes.add(7, 43);
    expect(await outputDeletes.commit(43, () => Promise.reject(new Error('404')))).toBe('failed');
    expect(outputDeletes.isWaiting(43)).toBe(false);
  });

  it('sends every waiting DELETE when the page is left, once', async () => {
    outputDeletes.add(7, 44);
    outputDeletes.add(8, 45);
    const send = vi.fn();
    outputDeletes.flush(send);
    expect(send.mock.calls).toEqual([
      [7, 44],
      [8, 45],
    ]);
    const remove = vi.fn(() => Promise.resolve({ ok: true }));
    expect(await outputDeletes.commit(44, remove)).toBe('undone');
    expect(remove).not.toHaveBeenCalled();
  });
});
