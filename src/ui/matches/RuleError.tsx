import { useMatchesView } from './hooks';

/** Why the last rule change (hide or show a company, dismiss a suggestion) was refused. */
export function RuleError() {
  const { ruleError } = useMatchesView();
  if (ruleError === null) return null;
  return (
    <p role="alert" className="form-message form-message--error">
      {ruleError.message}
    </p>
  );
}
