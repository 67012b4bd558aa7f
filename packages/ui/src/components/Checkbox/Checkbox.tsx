import type { ReactNode } from 'react';
import { Checkbox as RACCheckbox, type CheckboxProps as RACCheckboxProps } from 'react-aria-components';
import * as styles from './Checkbox.css.ts';

/** react-aria-components' Checkbox props; this component owns styling and validation behaviour. */
export interface CheckboxProps extends Omit<RACCheckboxProps, 'children' | 'className' | 'style' | 'render' | 'validationBehavior'> {
  children: ReactNode;
}

export function Checkbox({ children, ...props }: CheckboxProps) {
  return (
    <RACCheckbox {...props} validationBehavior="aria" className={styles.checkbox}>
      {({ isSelected }) => (
        <>
          <span className={styles.box} aria-hidden="true">
            {isSelected ? (
              <svg viewBox="0 0 12 12" className={styles.check}>
                <polyline points="2.5 6.5 5 9 9.5 3.5" />
              </svg>
            ) : null}
          </span>
          <span>{children}</span>
        </>
      )}
    </RACCheckbox>
  );
}
