import type { ReactNode } from 'react';
import {
  Header,
  Menu as RACMenu,
  MenuItem as RACMenuItem,
  MenuSection as RACMenuSection,
  Popover,
  PopoverContext,
  Separator,
  type Key,
  type MenuProps as RACMenuProps,
  type Placement,
  type Selection,
  type SelectionMode,
  useSlottedContext,
} from 'react-aria-components';
import { useThemeCarrier } from '../ThemeProvider/carryTheme.ts';
import { KIT_ROOT_CLASS } from '../../theme/kitRoot.ts';
import * as styles from './Menu.css.ts';

export { MenuTrigger, SubmenuTrigger } from 'react-aria-components';

export interface MenuProps {
  'aria-label'?: string;
  children: ReactNode;
  onAction?: (key: Key) => void;
  /** Popover placement relative to the trigger (ignored inside SubmenuTrigger, which places it beside). */
  placement?: Placement;
  selectionMode?: SelectionMode;
  selectedKeys?: Iterable<Key> | 'all';
  defaultSelectedKeys?: Iterable<Key> | 'all';
  onSelectionChange?: (keys: Selection) => void;
  disabledKeys?: Iterable<Key>;
  /** Close the menu when an item is chosen (default true). */
  shouldCloseOnSelect?: boolean;
}

/** RAC Popover + Menu: put it as the second child of MenuTrigger or SubmenuTrigger. */
export function Menu({ placement, children, onAction, ...props }: MenuProps) {
  // RAC passes extra arguments to onAction; the public contract is the key only.
  const menuProps: RACMenuProps<object> = { ...props, onAction: onAction ? (key) => onAction(key) : undefined };
  // Portaled to <body>: the popover takes its trigger's theme (a host container's values, dark, rtl).
  const carryTheme = useThemeCarrier(useSlottedContext(PopoverContext)?.triggerRef);
  return (
    <Popover ref={carryTheme} className={`${KIT_ROOT_CLASS} ${styles.popover}`} {...(placement ? { placement } : {})}>
      <RACMenu {...menuProps} className={styles.menu}>
        {children}
      </RACMenu>
    </Popover>
  );
}

export interface MenuItemProps {
  id?: Key;
  children: ReactNode;
  onAction?: () => void;
  href?: string;
  /** Needed for type-ahead when children is not plain text. */
  textValue?: string;
  isDisabled?: boolean;
  description?: ReactNode;
}

const CheckIcon = () => (
  <svg viewBox="0 0 14 14" className={styles.svgIcon}>
    <polyline points="2.5 7.5 5.5 10.5 11.5 3.5" />
  </svg>
);

const ChevronIcon = () => (
  <svg viewBox="0 0 14 14" className={styles.svgIcon}>
    <polyline points="5 2.5 9.5 7 5 11.5" />
  </svg>
);

export function MenuItem({ children, description, textValue, ...props }: MenuItemProps) {
  return (
    <RACMenuItem {...props} textValue={textValue ?? (typeof children === 'string' ? children : undefined)} className={styles.item}>
      {({ isSelected, hasSubmenu }) => (
        <>
          <span className={styles.checkSlot} aria-hidden="true">
            {isSelected ? <CheckIcon /> : null}
          </span>
          {/* Label and description both form the item's name: axe requires the visible text to be part of
              the accessible name (label-content-name-mismatch), which a described-by split breaks. */}
          <span className={styles.label}>{children}</span>
          {description ? <span className={styles.itemDescription}>{description}</span> : null}
          {hasSubmenu ? (
            <span className={styles.end} aria-hidden="true">
              <ChevronIcon />
            </span>
          ) : null}
        </>
      )}
    </RACMenuItem>
  );
}

export interface MenuSectionProps {
  title?: ReactNode;
  children: ReactNode;
  'aria-label'?: string;
}

export function MenuSection({ title, children, 'aria-label': ariaLabel }: MenuSectionProps) {
  return (
    <RACMenuSection className={styles.section} aria-label={ariaLabel}>
      {title ? <Header className={styles.sectionTitle}>{title}</Header> : null}
      {children}
    </RACMenuSection>
  );
}

/** A non-interactive block at the top of a menu (e.g. the signed-in user's name and credit balance). */
export function MenuHeader({ children }: { children: ReactNode }) {
  return (
    <RACMenuSection className={styles.section}>
      <Header className={styles.header}>{children}</Header>
    </RACMenuSection>
  );
}

export function MenuSeparator() {
  return <Separator className={styles.separator} />;
}
