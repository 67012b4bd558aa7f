import { describe, expect, it } from 'vitest';
import { EDITING_KEYS, isTypingTarget, matchEditingKey, matchShortcut, SHORTCUTS } from './shortcuts.ts';

describe('matchShortcut', () => {
  it('maps the documented keys to their commands', () => {
    expect(matchShortcut({ key: 'k' })).toBe('togglePlay');
    expect(matchShortcut({ key: ' ' })).toBe('togglePlay');
    expect(matchShortcut({ key: 'j' })).toBe('back');
    expect(matchShortcut({ key: 'l' })).toBe('forward');
    expect(matchShortcut({ key: 'ArrowDown' })).toBe('next');
    expect(matchShortcut({ key: 'ArrowUp' })).toBe('previous');
    expect(matchShortcut({ key: 'Enter' })).toBe('edit');
    expect(matchShortcut({ key: 'r' })).toBe('replay');
    expect(matchShortcut({ key: 'n' })).toBe('nextToReview');
    expect(matchShortcut({ key: '?', shiftKey: true })).toBe('help');
    expect(matchShortcut({ key: 'ArrowLeft', altKey: true })).toBe('startEarlier');
    expect(matchShortcut({ key: 'ArrowRight', altKey: true, shiftKey: true })).toBe('endLater');
  });

  it('undoes with Ctrl+Z or Cmd+Z, redoes with Shift added (or Ctrl+Y); plain z is no shortcut', () => {
    expect(matchShortcut({ key: 'z', ctrlKey: true })).toBe('undo');
    expect(matchShortcut({ key: 'z', metaKey: true })).toBe('undo');
    expect(matchShortcut({ key: 'Z', ctrlKey: true, shiftKey: true })).toBe('redo');
    expect(matchShortcut({ key: 'Z', metaKey: true, shiftKey: true })).toBe('redo');
    expect(matchShortcut({ key: 'y', ctrlKey: true })).toBe('redo');
    expect(matchShortcut({ key: 'z' })).toBeNull();
    expect(matchShortcut({ key: 'z', ctrlKey: true, altKey: true })).toBeNull();
  });

  it('leaves keys with Ctrl or Cmd, other modifiers and other keys to the browser', () => {
    expect(matchShortcut({ key: 'c', ctrlKey: true })).toBeNull();
    expect(matchShortcut({ key: 'r', metaKey: true })).toBeNull();
    expect(matchShortcut({ key: 'K', shiftKey: true })).toBeNull();
    expect(matchShortcut({ key: 'ArrowLeft' })).toBeNull();
    expect(matchShortcut({ key: 'x' })).toBeNull();
  });

  it('lists the pointer gestures on a segment: a click plays from it, a double-click edits it (as Enter does)', () => {
    expect(SHORTCUTS.find((s) => s.id === 'playFrom')?.keys).toEqual([['Click']]);
    expect(SHORTCUTS.find((s) => s.id === 'edit')?.keys).toEqual([['Enter'], ['Double-click']]);
    // A gesture is no key: no key press means 'playFrom'.
    expect(matchShortcut({ key: 'Click' })).toBeNull();
  });

  it('documents every shortcut once, with keys and a description', () => {
    const ids = SHORTCUTS.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const s of [...SHORTCUTS, ...EDITING_KEYS]) {
      expect(s.keys.length).toBeGreaterThan(0);
      expect(s.description.id).toBeTruthy();
    }
  });
});

describe('matchEditingKey', () => {
  it('saves on Enter, splits on Shift+Enter, cancels on Escape, and lets letters through', () => {
    expect(matchEditingKey({ key: 'Enter' })).toBe('save');
    expect(matchEditingKey({ key: 'Enter', shiftKey: true })).toBe('split');
    expect(matchEditingKey({ key: 'Escape' })).toBe('cancel');
    expect(matchEditingKey({ key: 'Delete' })).toBe('mergeAtEnd');
    expect(matchEditingKey({ key: 'k' })).toBeNull();
    expect(matchEditingKey({ key: ' ' })).toBeNull();
  });
});

describe('isTypingTarget', () => {
  it('is true in fields and editable content, false elsewhere', () => {
    const field = { isContentEditable: false, closest: (sel: string) => (sel.includes('textarea') ? {} : null) };
    const plain = { isContentEditable: false, closest: () => null };
    expect(isTypingTarget(field as unknown as EventTarget)).toBe(true);
    expect(isTypingTarget(plain as unknown as EventTarget)).toBe(false);
    expect(isTypingTarget({ isContentEditable: true, closest: () => null } as unknown as EventTarget)).toBe(true);
    expect(isTypingTarget(null)).toBe(false);
  });
});
