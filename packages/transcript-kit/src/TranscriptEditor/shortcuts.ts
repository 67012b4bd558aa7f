import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/*
 * The transcript editor's keyboard shortcuts, in one table: the editor matches key presses against it
 * and the shortcuts dialog ('?') renders it, so what is documented is what works. Pure, unit-tested.
 */

export type ShortcutId =
  | 'playFrom'
  | 'togglePlay'
  | 'back'
  | 'forward'
  | 'previous'
  | 'next'
  | 'edit'
  | 'replay'
  | 'nextToReview'
  | 'confirm'
  | 'merge'
  | 'speaker'
  | 'startEarlier'
  | 'startLater'
  | 'endEarlier'
  | 'endLater'
  | 'undo'
  | 'redo'
  | 'help';

/** Editing keys: they work inside the segment's text field only. */
export type EditingKeyId = 'save' | 'cancel' | 'split' | 'mergeAtEnd';

/** The part of a KeyboardEvent a shortcut looks at. */
export interface KeyPress {
  key: string;
  altKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  shiftKey?: boolean;
}

interface KeyRule {
  key: string;
  alt?: boolean;
  shift?: boolean;
  /** Shift does not matter ('?' needs Shift on most layouts, not on all). */
  anyShift?: boolean;
  /** Needs Ctrl or Cmd (either: Ctrl on Windows and Linux, Cmd on a Mac); other rules refuse both. */
  mod?: boolean;
}

export interface Shortcut<Id extends string = ShortcutId> {
  id: Id;
  /** The keys as shown, each a list of key caps pressed together (e.g. [['Alt', '←']]). */
  keys: string[][];
  description: MessageDescriptor;
  rules: KeyRule[];
}

/** Back and forward skip of the j and l keys (seconds). */
export const SHORTCUT_SKIP_SECONDS = 5;

export const SHORTCUTS: readonly Shortcut[] = [
  // The pointer's gestures on a segment's text, listed with the keys so the two never disagree (no key rule).
  { id: 'playFrom', keys: [['Click']], description: msg`Play from the segment`, rules: [] },
  { id: 'togglePlay', keys: [['K'], ['Space']], description: msg`Play or pause`, rules: [{ key: 'k' }, { key: ' ' }] },
  { id: 'back', keys: [['J']], description: msg`Back 5 seconds`, rules: [{ key: 'j' }] },
  { id: 'forward', keys: [['L']], description: msg`Forward 5 seconds`, rules: [{ key: 'l' }] },
  { id: 'previous', keys: [['↑']], description: msg`Previous segment`, rules: [{ key: 'ArrowUp' }] },
  { id: 'next', keys: [['↓']], description: msg`Next segment`, rules: [{ key: 'ArrowDown' }] },
  { id: 'edit', keys: [['Enter'], ['Double-click']], description: msg`Edit the segment's text`, rules: [{ key: 'Enter' }] },
  { id: 'replay', keys: [['R']], description: msg`Play the segment from its start`, rules: [{ key: 'r' }] },
  { id: 'nextToReview', keys: [['N']], description: msg`Next segment to review`, rules: [{ key: 'n' }] },
  { id: 'confirm', keys: [['C']], description: msg`Confirm the segment (reviewed)`, rules: [{ key: 'c' }] },
  { id: 'merge', keys: [['M']], description: msg`Merge with the next segment`, rules: [{ key: 'm' }] },
  { id: 'speaker', keys: [['S']], description: msg`Rename or change the segment's speaker`, rules: [{ key: 's' }] },
  { id: 'startEarlier', keys: [['Alt', '←']], description: msg`Start 0.1 s earlier`, rules: [{ key: 'ArrowLeft', alt: true }] },
  { id: 'startLater', keys: [['Alt', '→']], description: msg`Start 0.1 s later`, rules: [{ key: 'ArrowRight', alt: true }] },
  {
    id: 'endEarlier',
    keys: [['Alt', 'Shift', '←']],
    description: msg`End 0.1 s earlier`,
    rules: [{ key: 'ArrowLeft', alt: true, shift: true }],
  },
  {
    id: 'endLater',
    keys: [['Alt', 'Shift', '→']],
    description: msg`End 0.1 s later`,
    rules: [{ key: 'ArrowRight', alt: true, shift: true }],
  },
  {
    id: 'undo',
    keys: [
      ['Ctrl', 'Z'],
      ['⌘', 'Z'],
    ],
    description: msg`Undo the last change`,
    rules: [{ key: 'z', mod: true }],
  },
  {
    id: 'redo',
    keys: [
      ['Ctrl', 'Shift', 'Z'],
      ['⌘', 'Shift', 'Z'],
    ],
    description: msg`Redo the change undone last`,
    rules: [
      { key: 'z', mod: true, shift: true },
      { key: 'y', mod: true },
    ],
  },
  { id: 'help', keys: [['?']], description: msg`Show keyboard shortcuts`, rules: [{ key: '?', anyShift: true }] },
];

export const EDITING_KEYS: readonly Shortcut<EditingKeyId>[] = [
  { id: 'save', keys: [['Enter']], description: msg`Save the text`, rules: [{ key: 'Enter' }] },
  { id: 'cancel', keys: [['Esc']], description: msg`Cancel the edit`, rules: [{ key: 'Escape' }] },
  { id: 'split', keys: [['Shift', 'Enter']], description: msg`Split the segment at the cursor`, rules: [{ key: 'Enter', shift: true }] },
  {
    id: 'mergeAtEnd',
    keys: [['Delete']],
    description: msg`At the end of the text: merge with the next segment`,
    rules: [{ key: 'Delete' }],
  },
];

const matches = (rule: KeyRule, press: KeyPress) => {
  if (Boolean(press.ctrlKey || press.metaKey) !== Boolean(rule.mod)) return false;
  const key = press.key.length === 1 ? press.key.toLowerCase() : press.key;
  if (key !== rule.key) return false;
  if (Boolean(press.altKey) !== Boolean(rule.alt)) return false;
  return rule.anyShift === true || Boolean(press.shiftKey) === Boolean(rule.shift);
};

function find<Id extends string>(table: readonly Shortcut<Id>[], press: KeyPress): Id | null {
  for (const shortcut of table) if (shortcut.rules.some((rule) => matches(rule, press))) return shortcut.id;
  return null;
}

/** The shortcut a key press means while focus is on a segment (not in a field), or null. */
export function matchShortcut(press: KeyPress): ShortcutId | null {
  return find(SHORTCUTS, press);
}

/** The editing key a key press means inside a segment's text field, or null (ordinary typing). */
export function matchEditingKey(press: KeyPress): EditingKeyId | null {
  return find(EDITING_KEYS, press);
}

/**
 * Whether a key press goes to something the user types into (a text field, a select, editable content):
 * shortcuts never fire there.
 */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const element = target as HTMLElement;
  if (element.isContentEditable) return true;
  return (
    element.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="textbox"], [role="combobox"]') !== null
  );
}
