import type { FocusEvent, ReactNode } from 'react';
import { FieldError, Label, Text, TextArea as RACTextArea, TextField as RACTextField } from 'react-aria-components';
import * as styles from '../Field/Field.css.ts';

export interface TextAreaProps {
  label: ReactNode;
  name?: string;
  value?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
  onBlur?: (e: FocusEvent<HTMLTextAreaElement>) => void;
  errorMessage?: string;
  isInvalid?: boolean;
  isRequired?: boolean;
  isDisabled?: boolean;
  description?: ReactNode;
  autoComplete?: string;
  autoFocus?: boolean;
  placeholder?: string;
  rows?: number;
}

/** Multi-line TextField; same validation contract (validationBehavior="aria"). */
export function TextArea({ label, errorMessage, description, placeholder, rows = 4, isRequired, onBlur, ...props }: TextAreaProps) {
  return (
    <RACTextField
      {...props}
      // RAC types the field's blur for an <input>; here the focused element is the <textarea>.
      onBlur={onBlur ? (e) => onBlur(e as unknown as FocusEvent<HTMLTextAreaElement>) : undefined}
      isRequired={isRequired}
      validationBehavior="aria"
      className={styles.field}
    >
      <Label className={styles.label}>
        {label}
        {isRequired ? <span aria-hidden="true" className={styles.requiredMark}>*</span> : null}
      </Label>
      <RACTextArea className={`${styles.control} ${styles.textarea}`} placeholder={placeholder} rows={rows} />
      {description ? (
        <Text slot="description" className={styles.description}>
          {description}
        </Text>
      ) : null}
      <FieldError className={styles.error}>{errorMessage}</FieldError>
    </RACTextField>
  );
}
