import { TextField, type TextFieldProps } from './TextField';
import { EMAIL_MAX_LENGTH } from './validation';

type EmailFieldProps = Omit<
  TextFieldProps,
  'type' | 'inputMode' | 'maxLength' | 'autoCapitalize' | 'spellCheck'
>;

/** An e-mail address field: the keyboard, length and no-autocorrect settings written once. */
export function EmailField(props: EmailFieldProps) {
  return (
    <TextField
      type="email"
      inputMode="email"
      maxLength={EMAIL_MAX_LENGTH}
      autoCapitalize="none"
      spellCheck={false}
      {...props}
    />
  );
}

/** The account's address, hidden, so password managers fill or save the right account's password. */
export function AccountUsername({ email }: { email: string }) {
  return (
    <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
  );
}
