// Which drawer of the phone layout is open. A store rather than the layout's own state, so the
// tutorial can show the drawer a step talks about (the library's menu, the AI features).
import { createStore, useStore } from '@scribe/ui/store';

export type MobileDrawer = 'menu' | 'ai';

export const mobileDrawerStore = createStore<MobileDrawer | null>(null);

export function useMobileDrawer(): [MobileDrawer | null, (drawer: MobileDrawer, open: boolean) => void] {
  const open = useStore(mobileDrawerStore);
  const setOpen = (drawer: MobileDrawer, isOpen: boolean) =>
    mobileDrawerStore.setState((current) => (isOpen ? drawer : current === drawer ? null : current));
  return [open, setOpen];
}
