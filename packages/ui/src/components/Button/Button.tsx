import type { ReactNode, Ref } from 'react';
import { Button as RACButton } from 'react-aria-components';
import { SpinnerGlyph } from '../Spinner/Spinner.tsx';
import * as styles from './Button.css.ts';
import { buttonClass } from './buttonClass.ts';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md';

export interface ButtonProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  isDisabled?: boolean;
  /** Shows a spinner in place of the content (same width) and tells assistive tech it is busy. */
  isPending?: boolean;
  onPress?: () => void;
  type?: 'button' | 'submit' | 'reset';
  fullWidth?: boolean;
  icon?: ReactNode;
  children: ReactNode;
  'aria-label'?: string;
  /** RAC slot, e.g. "close" inside a Dialog. */
  slot?: string;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * RAC Button underneath, so it works as the trigger of MenuTrigger and DialogTrigger
 * (they reach it through RAC's press responder context).
 */
export function Button({
  variant = 'secondary',
  size = 'md',
  isDisabled,
  isPending,
  onPress,
  type = 'button',
  fullWidth,
  icon,
  children,
  'aria-label': ariaLabel,
  slot,
  ref,
}: ButtonProps) {
  return (
    <RACButton
      ref={ref}
      type={type}
      slot={slot}
      aria-label={ariaLabel}
      isDisabled={isDisabled}
      isPending={isPending}
      onPress={onPress}
      className={buttonClass({ variant, size, fullWidth })}
    >
      <span className={styles.content}>
        {icon ? (
          <span className={styles.icon} aria-hidden="true">
            {icon}
          </span>
        ) : null}
        {children}
      </span>
      {isPending ? (
        <span className={styles.spinner}>
          <SpinnerGlyph size="sm" />
        </span>
      ) : null}
    </RACButton>
  );
}
