/** A field's problem, tied to it by `id` (its `aria-describedby`); nothing while it has none. */
export function FieldProblem({ id, problem }: { id: string; problem: string | undefined }) {
  return problem ? (
    <p id={id} className="field__problem">
      {problem}
    </p>
  ) : null;
}
