import type { ReactNode, Ref } from 'react';
import { Button as RACButton } from 'react-aria-components';
import { buttonClass } from '../Button/buttonClass.ts';
import type { ButtonSize, ButtonVariant } from '../Button/Button.tsx';
import * as styles from './IconButton.css.ts';

export interface IconButtonProps {
  /** Required: the button has no visible text. */
  'aria-label': string;
  icon: ReactNode;
  variant?: ButtonVariant;
  size?: ButtonSize;
  onPress?: () => void;
  isDisabled?: boolean;
  slot?: string;
  ref?: Ref<HTMLButtonElement>;
}

export function IconButton({
  'aria-label': ariaLabel,
  icon,
  variant = 'ghost',
  size = 'md',
  onPress,
  isDisabled,
  slot,
  ref,
}: IconButtonProps) {
  return (
    <RACButton
      ref={ref}
      slot={slot}
      aria-label={ariaLabel}
      onPress={onPress}
      isDisabled={isDisabled}
      className={`${buttonClass({ variant, size, iconOnly: true })} ${styles.iconButton}`}
    >
      <span className={styles.icon} aria-hidden="true">
        {icon}
      </span>
    </RACButton>
  );
}
