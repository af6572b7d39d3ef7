import type { PasswordCheck } from '../../machines/session/passwordPolicy';

/** The policy's rules for a new password, ticked off live as the person types. */
export function PasswordRequirements({
  id,
  title,
  check,
}: {
  id: string;
  title: string;
  check: PasswordCheck;
}) {
  return (
    <div id={id} className="requirements">
      <p className="requirements__title">{title}</p>
      <ul className="requirements__list">
        {check.requirements.map((requirement) => (
          <li key={requirement.id} className="requirements__item" data-met={requirement.met}>
            <span className="requirements__mark" aria-hidden="true">
              {requirement.met ? '✓' : '•'}
            </span>
            {requirement.label}
            <span className="visually-hidden">{requirement.met ? ' (done)' : ' (not yet)'}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
