import type { ReactNode } from 'react';
import { Tab as RACTab, TabList as RACTabList, TabPanel as RACTabPanel, Tabs as RACTabs, type Key } from 'react-aria-components';
import * as styles from './Tabs.css.ts';

export interface TabsProps {
  children: ReactNode;
  selectedKey?: Key;
  defaultSelectedKey?: Key;
  onSelectionChange?: (key: Key) => void;
  orientation?: 'horizontal' | 'vertical';
  disabledKeys?: Iterable<Key>;
  isDisabled?: boolean;
}

export function Tabs({ children, ...props }: TabsProps) {
  return (
    <RACTabs {...props} className={styles.tabs}>
      {children}
    </RACTabs>
  );
}

export interface TabListProps {
  'aria-label'?: string;
  children: ReactNode;
}

export function TabList({ children, 'aria-label': ariaLabel }: TabListProps) {
  return (
    <RACTabList aria-label={ariaLabel} className={styles.tabList}>
      {children}
    </RACTabList>
  );
}

export interface TabProps {
  id: Key;
  children: ReactNode;
  isDisabled?: boolean;
  /** Makes the tab a link (e.g. route-driven tabs). */
  href?: string;
}

export function Tab({ children, ...props }: TabProps) {
  return (
    <RACTab {...props} className={styles.tab}>
      {children}
    </RACTab>
  );
}

export interface TabPanelProps {
  id: Key;
  children: ReactNode;
  /** Keep the panel mounted while another tab is shown (preserves state such as scroll). */
  shouldForceMount?: boolean;
}

export function TabPanel({ children, ...props }: TabPanelProps) {
  return (
    <RACTabPanel {...props} className={styles.tabPanel}>
      {children}
    </RACTabPanel>
  );
}
