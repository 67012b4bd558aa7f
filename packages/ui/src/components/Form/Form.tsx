import type { FormEvent, ReactNode } from 'react';
import { Form as RACForm } from 'react-aria-components';
import * as styles from './Form.css.ts';

export interface FormProps {
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
  'aria-label'?: string;
}

/**
 * RAC Form with validationBehavior="aria": fields never block submit natively; the app validates.
 * The native submit (page load) is always prevented before onSubmit runs.
 */
export function Form({ onSubmit, children, 'aria-label': ariaLabel }: FormProps) {
  return (
    <RACForm
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(e);
      }}
      aria-label={ariaLabel}
      validationBehavior="aria"
      className={styles.form}
    >
      {children}
    </RACForm>
  );
}
