import { describe, expect, it } from 'vitest';
import { canRedo, canUndo, emptyHistory, record, redo, sameItems, undo, UNDO_LIMIT, type UndoHistory } from './undoStack.ts';

const step = (before: string[], after: string[], kind = 'text') => ({ before, after, kind });

describe('undo stack', () => {
  it('starts empty: nothing to undo or redo', () => {
    const history = emptyHistory<string[]>();
    expect(canUndo(history)).toBe(false);
    expect(canRedo(history)).toBe(false);
    expect(undo(history)).toBeNull();
    expect(redo(history)).toBeNull();
  });

  it('undoes steps newest first, giving the state before each, and redoes them in order', () => {
    const a = ['a'];
    const b = ['b'];
    const c = ['c'];
    let history: UndoHistory<string[]> = emptyHistory();
    history = record(history, step(a, b, 'text'));
    history = record(history, step(b, c, 'split'));

    const first = undo(history)!;
    expect(first.step.before).toBe(b);
    expect(first.step.kind).toBe('split');
    const second = undo(first.history)!;
    expect(second.step.before).toBe(a);
    expect(second.step.kind).toBe('text');
    expect(canUndo(second.history)).toBe(false);
    expect(canRedo(second.history)).toBe(true);

    const again = redo(second.history)!;
    expect(again.step.after).toBe(b);
    const last = redo(again.history)!;
    expect(last.step.after).toBe(c);
    expect(canRedo(last.history)).toBe(false);
    expect(canUndo(last.history)).toBe(true);
  });

  it('a new step after an undo drops what could have been redone', () => {
    const a = ['a'];
    const b = ['b'];
    const c = ['c'];
    let history: UndoHistory<string[]> = record(emptyHistory(), step(a, b));
    history = undo(history)!.history;
    expect(canRedo(history)).toBe(true);
    history = record(history, step(a, c, 'speakers'));
    expect(canRedo(history)).toBe(false);
    expect(undo(history)!.step.kind).toBe('speakers');
  });

  it('records nothing for a step that changes nothing', () => {
    const a = ['a'];
    const history = record(emptyHistory<string[]>(), step(a, a));
    expect(canUndo(history)).toBe(false);
  });

  it('keeps at most the limit, dropping the oldest steps', () => {
    let history: UndoHistory<string[]> = emptyHistory();
    let state = ['0'];
    for (let i = 1; i <= UNDO_LIMIT + 5; i++) {
      const next = [String(i)];
      history = record(history, step(state, next));
      state = next;
    }
    expect(history.past).toHaveLength(UNDO_LIMIT);
    expect(history.past[0].before).toEqual(['5']);
    expect(record(emptyHistory<string[]>(), step(['a'], ['b']), 1).past).toHaveLength(1);
  });

  it('never changes the history it is given', () => {
    const history = record(emptyHistory<string[]>(), step(['a'], ['b']));
    const frozen = JSON.stringify(history);
    undo(history);
    redo(undo(history)!.history);
    record(history, step(['b'], ['c']));
    expect(JSON.stringify(history)).toBe(frozen);
  });
});

describe('sameItems', () => {
  it('is true for the same items in a new array, false for other items, order or length', () => {
    const x = { text: 'x' };
    const y = { text: 'y' };
    expect(sameItems([x, y], [x, y])).toBe(true);
    expect(sameItems([x, y], [y, x])).toBe(false);
    expect(sameItems([x, y], [x, { text: 'y' }])).toBe(false);
    expect(sameItems([x], [x, y])).toBe(false);
  });
});
