import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { AlertProfileInput } from '../../contract';
import { fakeProfileBackend, SAVED_AT, type Held } from '../support/fakeProfileBackend';

const input: AlertProfileInput = {
  targetRoles: ['Frontend engineer'],
  skills: ['TypeScript'],
  where: { remoteUs: true, remoteWorldwide: false, usStates: [], usCities: [] },
  seniority: 'senior',
  minSalary: null,
  needsVisaSponsorship: false,
};

/** The machine over the fake backend, loaded for alice, who holds `profile` or nothing. */
async function loaded(holdsProfile: boolean) {
  const held: Record<string, Held> = holdsProfile
    ? { alice: { profile: { ...input, updatedAt: SAVED_AT }, cv: null } }
    : {};
  const { calls, logic } = fakeProfileBackend(held);
  const actor = createActor(logic).start();
  actor.send({ type: 'LOAD', uid: 'alice', slot: 1 });
  await waitFor(actor, (snapshot) => snapshot.value === 'ready');
  return { actor, calls };
}

describe('the profile machine’s start step', () => {
  it('saves a first profile without asking', async () => {
    const { actor, calls } = await loaded(false);
    actor.send({ type: 'START_PROFILE', input, replacing: false });
    await waitFor(actor, (snapshot) => snapshot.value === 'saved');
    expect(calls.save).toHaveBeenCalledWith({ uid: 'alice', slot: 1, input });
  });

  it('replaces a profile the slot holds only when the person confirmed it', async () => {
    const { actor, calls } = await loaded(true);
    const changed = { ...input, targetRoles: ['Data engineer'] };
    actor.send({ type: 'START_PROFILE', input: changed, replacing: false });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(calls.save).not.toHaveBeenCalled();
    actor.send({ type: 'START_PROFILE', input: changed, replacing: true });
    await waitFor(actor, (snapshot) => snapshot.value === 'saved');
    expect(actor.getSnapshot().context.profile?.targetRoles).toEqual(['Data engineer']);
  });
});
