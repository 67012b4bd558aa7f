import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Dialog as RACDialog, Heading, Modal, ModalOverlay, Text } from 'react-aria-components';
import { CloseIcon } from '../icons/icons.tsx';
import { IconButton } from '../IconButton/IconButton.tsx';
import { KIT_ROOT_CLASS } from '../../theme/kitRoot.ts';
import { useThemeCarrier } from '../ThemeProvider/carryTheme.ts';
import * as styles from './Drawer.css.ts';

export interface DrawerProps {
  title: ReactNode;
  side: 'left' | 'right';
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** Content, or a render function receiving `close` (e.g. to close after navigating). */
  children: ReactNode | ((opts: { close: () => void }) => ReactNode);
  description?: ReactNode;
}

/** A modal panel sliding in from one side (the small-screen navigation and panels). */
export function Drawer({ title, side, isOpen, onOpenChange, children, description }: DrawerProps) {
  const { t } = useLingui();
  // Portaled to <body>: the overlay takes the theme of what opened it (see useThemeCarrier).
  const carryTheme = useThemeCarrier();
  return (
    <ModalOverlay
      ref={carryTheme}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable
      className={`${KIT_ROOT_CLASS} ${styles.overlay}`}
    >
      <Modal className={styles.panel[side]}>
        <RACDialog className={styles.dialog}>
          {({ close }) => (
            <>
              <div className={styles.header}>
                <div className={styles.titles}>
                  <Heading slot="title" className={styles.title}>
                    {title}
                  </Heading>
                  {description ? (
                    <Text slot="description" elementType="p" className={styles.description}>
                      {description}
                    </Text>
                  ) : null}
                </div>
                <IconButton aria-label={t`Close`} icon={<CloseIcon />} size="sm" onPress={close} />
              </div>
              <div className={styles.body}>{typeof children === 'function' ? children({ close }) : children}</div>
            </>
          )}
        </RACDialog>
      </Modal>
    </ModalOverlay>
  );
}
