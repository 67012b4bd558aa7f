import { useLingui } from '@lingui/react/macro';
import { withKitProvider } from '../locale/KitProvider.tsx';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Dialog, Kbd } from '@scribe/ui';
import { Fragment } from 'react';
import { EDITING_KEYS, SHORTCUTS, type Shortcut } from './shortcuts.ts';
import * as styles from './TranscriptEditor.css.ts';

/** Key caps with a name in the reader's language; arrows, letters and '?' show as they are. */
const KEY_NAMES: Record<string, MessageDescriptor> = {
  Space: msg`Space`,
  Enter: msg`Enter`,
  Esc: msg`Esc`,
  Delete: msg({ message: 'Delete', context: 'key' }),
  Shift: msg`Shift`,
  Alt: msg`Alt`,
  Ctrl: msg({ message: 'Ctrl', context: 'key' }),
  Click: msg({ message: 'Click', context: 'pointer' }),
  'Double-click': msg({ message: 'Double-click', context: 'pointer' }),
};

export interface ShortcutsDialogProps {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The editor's keyboard shortcuts ('?'), rendered from the one table the editor matches keys against. */
function ShortcutsDialogView({ isOpen, onOpenChange }: ShortcutsDialogProps) {
  const { t, i18n } = useLingui();
  const cap = (key: string) => (KEY_NAMES[key] ? i18n._(KEY_NAMES[key]) : key);
  const table = (caption: string, rows: readonly Shortcut<string>[]) => (
    <table className={styles.shortcutTable}>
      <caption className={styles.shortcutCaption}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col" className={styles.shortcutCell}>{t`Keys`}</th>
          <th scope="col" className={styles.shortcutCell}>{t`Action`}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            <td className={styles.shortcutCell}>
              {row.keys.map((combo, i) => (
                <Fragment key={i}>
                  {i > 0 ? ` ${t`or`} ` : null}
                  {combo.map((key, j) => (
                    <Fragment key={j}>
                      {j > 0 ? '+' : null}
                      <Kbd>{cap(key)}</Kbd>
                    </Fragment>
                  ))}
                </Fragment>
              ))}
            </td>
            <td className={styles.shortcutCell}>{i18n._(row.description)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
  return (
    <Dialog title={t`Keyboard shortcuts`} isOpen={isOpen} onOpenChange={onOpenChange} size="md">
      {/* Focusable, so keyboard users can scroll the list where the dialog is shorter than it. */}
      <div tabIndex={0} role="group" aria-label={t`Shortcut list`}>
        {table(t`In the transcript (not while typing)`, SHORTCUTS)}
        {table(t`While editing a segment's text`, EDITING_KEYS)}
      </div>
    </Dialog>
  );
}

export const ShortcutsDialog = withKitProvider(ShortcutsDialogView, 'ShortcutsDialog');
