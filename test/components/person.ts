import userEvent from '@testing-library/user-event';

/**
 * A person at the keyboard and mouse. No pause between keys: user-event's default waits for a
 * timer after each one, which makes typing a form take seconds when the machine is busy.
 */
export const personAtKeyboard = () => userEvent.setup({ delay: null });

export type Person = ReturnType<typeof personAtKeyboard>;
