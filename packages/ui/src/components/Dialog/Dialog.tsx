import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Dialog as RACDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { CloseIcon } from '../icons/icons.tsx';
import { IconButton } from '../IconButton/IconButton.tsx';
import { KIT_ROOT_CLASS } from '../../theme/kitRoot.ts';
import { useThemeCarrier } from '../ThemeProvider/carryTheme.ts';
import * as styles from './Dialog.css.ts';

export { DialogTrigger } from 'react-aria-components';

type WithClose = (opts: { close: () => void }) => ReactNode;

export interface DialogProps {
  title: ReactNode;
  /** Content, or a render function receiving `close`. */
  children: ReactNode | WithClose;
  /** Closes on outside click and shows a Close button (Escape always closes). */
  isDismissable?: boolean;
  /** Controlled open state; leave out inside a DialogTrigger. */
  isOpen?: boolean;
  onOpenChange?: (isOpen: boolean) => void;
  size?: 'sm' | 'md' | 'lg';
  role?: 'dialog' | 'alertdialog';
  /** Action row (buttons), or a render function receiving `close`. */
  footer?: ReactNode | WithClose;
  /** Prevent Escape from closing (e.g. while an upload is processing). */
  isKeyboardDismissDisabled?: boolean;
}

/** Modal dialog: RAC ModalOverlay + Modal + Dialog, titled by its Heading, focus trapped inside. */
export function Dialog({
  title,
  children,
  isDismissable = true,
  isOpen,
  onOpenChange,
  size = 'md',
  role = 'dialog',
  footer,
  isKeyboardDismissDisabled,
}: DialogProps) {
  const { t } = useLingui();
  // Portaled to <body>: the overlay takes the theme of what opened it (see useThemeCarrier).
  const carryTheme = useThemeCarrier();
  // Only pass controlled props when given, so a surrounding DialogTrigger stays in charge otherwise.
  const controlled = isOpen === undefined ? {} : { isOpen };
  return (
    <ModalOverlay
      ref={carryTheme}
      {...controlled}
      onOpenChange={onOpenChange}
      isDismissable={isDismissable}
      isKeyboardDismissDisabled={isKeyboardDismissDisabled}
      className={`${KIT_ROOT_CLASS} ${styles.overlay}`}
    >
      <Modal className={styles.modal[size]}>
        <RACDialog role={role} className={styles.dialog}>
          {({ close }) => (
            <>
              <div className={styles.header}>
                <Heading slot="title" className={styles.title}>
                  {title}
                </Heading>
                {isDismissable ? (
                  <span className={styles.closeButton}>
                    <IconButton aria-label={t`Close`} icon={<CloseIcon />} size="sm" onPress={close} />
                  </span>
                ) : null}
              </div>
              <div className={styles.body}>{typeof children === 'function' ? children({ close }) : children}</div>
              {footer ? <div className={styles.footer}>{typeof footer === 'function' ? footer({ close }) : footer}</div> : null}
            </>
          )}
        </RACDialog>
      </Modal>
    </ModalOverlay>
  );
}
