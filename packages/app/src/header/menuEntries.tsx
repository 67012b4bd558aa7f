import { Trans, useLingui } from '@lingui/react/macro';
import { MenuItem } from '@scribe/ui';
import type { ReactElement } from 'react';
import * as styles from './header.css.ts';

/** The pages the account menu (header) and the phone's profile menu link to (docs/product-spec.md §1, §2). */
export type MenuPage = 'home' | 'credits' | 'settings' | 'help' | 'contact';

/**
 * The link entries of both menus, one list. Returns a plain function giving menu items, so they sit in
 * a react-aria collection like any item (as languageSubmenu does).
 */
export function useMenuLinks(): (...pages: MenuPage[]) => ReactElement[] {
  const { t } = useLingui();
  const entries: Record<MenuPage, { href: string; label: string }> = {
    home: { href: '/', label: t`Home` },
    credits: { href: '/credits', label: t`Credits` },
    settings: { href: '/settings', label: t`Settings` },
    help: { href: '/help', label: t`Help` },
    contact: { href: '/contact', label: t`Contact` },
  };
  return (...pages) =>
    pages.map((page) => (
      <MenuItem key={page} id={page} href={entries[page].href}>
        {entries[page].label}
      </MenuItem>
    ));
}

/** The top of both menus: who is signed in and the credit balance ('—' while unknown). */
export function MenuUserHeader({ name, username, balance }: { name: string; username?: string; balance: number | undefined }) {
  const { i18n } = useLingui();
  const balanceText = balance === undefined ? '—' : i18n.number(balance);
  return (
    <span className={styles.menuHeader}>
      <span className={styles.menuName}>{name}</span>
      {username ? <span className={styles.menuUsername}>@{username}</span> : null}
      <span className={styles.menuBalance}>
        <Trans>Credits: {balanceText}</Trans>
      </span>
    </span>
  );
}
