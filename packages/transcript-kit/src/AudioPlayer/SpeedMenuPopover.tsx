import { useLingui } from '@lingui/react/macro';
import { Menu, MenuItem } from '@scribe/ui/menu';
import { useRef, type RefObject } from 'react';
import type { AriaMenuOptions } from 'react-aria/useMenu';
import type { RootMenuTriggerState } from 'react-stately/useMenuTriggerState';
import { MenuContext, OverlayTriggerStateContext, PopoverContext, Provider, RootMenuTriggerStateContext } from 'react-aria-components';
import { PLAYBACK_RATES, rateLabel } from './playbackRate.ts';

export interface SpeedMenuPopoverProps {
  state: RootMenuTriggerState;
  menuProps: AriaMenuOptions<unknown>;
  triggerRef: RefObject<HTMLButtonElement | null>;
  rate: number;
  onChange: (rate: number) => void;
}

/**
 * The speed menu's popover, loaded on demand (see SpeedMenu): the trigger's state and props come from the
 * player, and the contexts below are the ones react-aria-components' MenuTrigger provides to its menu.
 */
export default function SpeedMenuPopover({ state, menuProps, triggerRef, rate, onChange }: SpeedMenuPopoverProps) {
  const { t, i18n } = useLingui();
  const scrollRef = useRef<HTMLDivElement>(null);
  return (
    <Provider
      values={[
        [MenuContext, { ...menuProps, ref: scrollRef }],
        [OverlayTriggerStateContext, state],
        [RootMenuTriggerStateContext, state],
        [
          PopoverContext,
          { trigger: 'MenuTrigger', triggerRef, scrollRef, placement: 'bottom start', 'aria-labelledby': menuProps['aria-labelledby'] },
        ],
      ]}
    >
      <Menu
        aria-label={t`Playback speed`}
        selectionMode="single"
        selectedKeys={[String(rate)]}
        onSelectionChange={(keys) => {
          if (keys === 'all') return;
          const [key] = [...keys];
          const next = Number(key);
          if (Number.isFinite(next)) onChange(next);
        }}
      >
        {PLAYBACK_RATES.map((value) => (
          <MenuItem key={value} id={String(value)} textValue={rateLabel(value, i18n.locale)}>
            {rateLabel(value, i18n.locale)}
          </MenuItem>
        ))}
      </Menu>
    </Provider>
  );
}
