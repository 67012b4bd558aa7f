import type { FocusEvent, ReactNode } from 'react';
import { FieldError, Input, Label, Text, TextField as RACTextField } from 'react-aria-components';
import * as styles from '../Field/Field.css.ts';

export interface TextFieldProps {
  label: ReactNode;
  name?: string;
  type?: 'text' | 'email' | 'password' | 'search' | 'tel' | 'url';
  value?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
  onBlur?: (e: FocusEvent<HTMLInputElement>) => void;
  /** Shown under the field while isInvalid is true. */
  errorMessage?: string;
  isInvalid?: boolean;
  isRequired?: boolean;
  isDisabled?: boolean;
  description?: ReactNode;
  autoComplete?: string;
  autoFocus?: boolean;
  placeholder?: string;
}

/**
 * Label, input, description and error. validationBehavior="aria": the app owns validation and passes
 * isInvalid + errorMessage; the field only marks itself aria-invalid and shows the message.
 */
export function TextField({ label, errorMessage, description, placeholder, isRequired, ...props }: TextFieldProps) {
  return (
    <RACTextField {...props} isRequired={isRequired} validationBehavior="aria" className={styles.field}>
      <Label className={styles.label}>
        {label}
        {isRequired ? <span aria-hidden="true" className={styles.requiredMark}>*</span> : null}
      </Label>
      <Input className={styles.control} placeholder={placeholder} />
      {description ? (
        <Text slot="description" className={styles.description}>
          {description}
        </Text>
      ) : null}
      <FieldError className={styles.error}>{errorMessage}</FieldError>
    </RACTextField>
  );
}
