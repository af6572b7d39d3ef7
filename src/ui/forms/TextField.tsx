import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

export interface TextFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'value' | 'onChange' | 'children'
> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Ids of the elements that describe the field (hints, requirements, the error). */
  describedBy?: string | undefined;
  invalid?: boolean;
  /** A control shown inside the field's box, after the input (the password toggle). */
  trailing?: (inputId: string) => ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input: every text, e-mail and password field in the session forms. */
export function TextField({
  label,
  value,
  onValueChange,
  describedBy,
  invalid = false,
  trailing,
  ref,
  className,
  ...input
}: TextFieldProps) {
  const id = useId();
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__box">
        <input
          {...input}
          ref={ref}
          id={id}
          className="field__input"
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy?.trim() || undefined}
        />
        {trailing?.(id)}
      </div>
    </div>
  );
}
