import { describe, expect, it } from 'vitest';
import { sessionMachine } from '../../src/machines/session/sessionMachine';

/** The states the design card names; the statechart keeps them, so the card still reads true. */
const CARD_STATES = [
  'restoring',
  'guest',
  'linking',
  'popupPending',
  'redirecting',
  'switchingAccount',
  'authenticated',
  'signingOut',
] as const;

describe("the session statechart keeps the design card's names", () => {
  it.each(CARD_STATES)('has a top-level state %s', (name) => {
    expect(Object.keys(sessionMachine.root.states)).toContain(name);
  });

  it('starts in restoring', () => {
    expect(sessionMachine.config.initial).toBe('restoring');
  });
});
