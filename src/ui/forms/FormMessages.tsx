/**
 * Live regions for form feedback. They stay in the page while empty, so screen readers are
 * already watching them when a message arrives.
 */
export function ErrorMessage({ id, message }: { id?: string; message: string | null | undefined }) {
  return (
    <p id={id} role="alert" className="form-message form-message--error">
      {message ?? ''}
    </p>
  );
}

export function StatusMessage({
  id,
  message,
}: {
  id?: string;
  message: string | null | undefined;
}) {
  return (
    <p id={id} role="status" className="form-message form-message--status">
      {message ?? ''}
    </p>
  );
}
