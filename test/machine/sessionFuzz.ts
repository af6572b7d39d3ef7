/**
 * Random event sequences through the real session machine in two or three tabs that share one
 * model of the SDK (sdkWorld.ts), checking the session's rules after every step. fast-check makes
 * the sequences and, on a failure, shrinks them to the shortest one that still fails.
 */
import fc from 'fast-check';
import type { AnyTransitionDefinition, InspectionEvent, StateValue } from 'xstate';
import {
  ERROR_CATALOGUE,
  isClientCode,
  type ClientCode,
} from '../../src/machines/session/errorCatalogue';
import type { NoticeCode } from '../../src/machines/session/noticeCatalogue';
import type { SessionEvent } from '../../src/machines/session/sessionTypes';
import { ACCOUNTS, SdkWorld, sameIdentity, type Settlement, type Tab } from './sdkWorld';
import { stateIds, transitionId, userEvents } from './sessionModel';

/** What people do: every event once, a sign-in to the second account, and dismissing messages. */
const USER_EVENTS: readonly SessionEvent[] = [
  ...userEvents,
  { type: 'SIGN_IN', email: ACCOUNTS[0]!.email!, password: 'her password' },
  { type: 'DISMISS' },
];

const ELSEWHERE = ['signInAda', 'signInGrace', 'signOut', 'registerGuest', 'delete'] as const;
const FAILURE_CODES: ReadonlyArray<ClientCode | 'auth/some-code-nobody-knows'> = [
  ...(Object.keys(ERROR_CATALOGUE) as ClientCode[]),
  'auth/some-code-nobody-knows',
];

const REPRESENTATIVE_CODES: readonly ClientCode[] = [
  'user-disabled',
  'user-token-expired',
  'email-already-in-use',
  'credential-already-in-use',
  'popup-blocked',
  'popup-closed-by-user',
  'requires-recent-login',
  'wrong-password',
  'network-request-failed',
  'internal-error',
];

export type Step =
  | { kind: 'user'; tab: number; event: number }
  | { kind: 'settle'; tab: number; request: number; settlement: Settlement }
  | { kind: 'sync'; tab: number }
  | { kind: 'elsewhere'; action: (typeof ELSEWHERE)[number] };

export interface Scenario {
  tabCount: number;
  /** Who is signed in when the first tab opens. */
  stored: 'nobody' | 'guest' | 'ada';
  steps: Step[];
}

const settlementArb: fc.Arbitrary<Settlement> = fc.oneof(
  { weight: 3, arbitrary: fc.constant({ kind: 'succeed' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'loseToAnotherTab' as const }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('fail' as const),
      // Half the time one code per kind of handling, so each handling comes up often.
      code: fc.oneof(fc.constantFrom(...REPRESENTATIVE_CODES), fc.constantFrom(...FAILURE_CODES)),
      withCredential: fc.boolean(),
    }),
  },
);

const stepArb = (tabs: number): fc.Arbitrary<Step> =>
  fc.oneof(
    {
      weight: 4,
      arbitrary: fc.record({
        kind: fc.constant('user' as const),
        tab: fc.nat(tabs - 1),
        event: fc.nat(USER_EVENTS.length - 1),
      }),
    },
    {
      weight: 5,
      arbitrary: fc.record({
        kind: fc.constant('settle' as const),
        tab: fc.nat(tabs - 1),
        request: fc.nat(3),
        settlement: settlementArb,
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({ kind: fc.constant('sync' as const), tab: fc.nat(tabs - 1) }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('elsewhere' as const),
        action: fc.constantFrom(...ELSEWHERE),
      }),
    },
  );

export const scenarioArb: fc.Arbitrary<Scenario> = fc
  .integer({ min: 2, max: 3 })
  .chain((tabCount) =>
    fc.record({
      tabCount: fc.constant(tabCount),
      stored: fc.constantFrom('nobody' as const, 'guest' as const, 'ada' as const),
      steps: fc.array(stepArb(tabCount), { minLength: 5, maxLength: 40 }),
    }),
  );

/** States where nothing runs and the machine waits for a person or another tab. */
const RESTING = [
  { guest: 'idle' },
  { authenticated: 'idle' },
  { authenticated: 'needsRecentLogin' },
] as const;

export interface FuzzStats {
  sequences: number;
  steps: number;
  states: Set<string>;
  transitions: Set<string>;
  /** Sequences where a tab's link lost to another tab registering the same guest (issue 22). */
  registeredElsewhere: number;
}

export function emptyStats(): FuzzStats {
  return {
    sequences: 0,
    steps: 0,
    states: new Set(),
    transitions: new Set(),
    registeredElsewhere: 0,
  };
}

const REGISTERED_ELSEWHERE: NoticeCode = 'registered-in-another-tab';

/** Lets settled promises reach the machines (a few microtask turns; no timers are involved). */
async function flush(): Promise<void> {
  for (let turn = 0; turn < 4; turn += 1) await Promise.resolve();
}

/** The rules every tab keeps after every step; the first broken one, or null. */
export function brokenRule(tab: Tab, pendingFor: Map<Tab, string>): string | null {
  if (tab.crash) return `${tab.name}: the machine threw ${String(tab.crash)}`;
  const snapshot = tab.actor.getSnapshot();
  if (snapshot.status !== 'active') return `${tab.name}: the machine stopped (${snapshot.status})`;
  const { user, error, notice, pendingOperation } = snapshot.context;
  const where = `${tab.name} in ${JSON.stringify(snapshot.value)}`;
  if (snapshot.matches('guest') && user?.isAnonymous !== true) {
    return `${where}: guest holds ${user ? 'a registered user' : 'nobody'}`;
  }
  if (snapshot.matches('authenticated') && (user === null || user.isAnonymous)) {
    return `${where}: authenticated holds ${user ? 'a guest' : 'nobody'}`;
  }
  if (RESTING.some((state) => snapshot.matches(state))) {
    if (!sameIdentity(user, tab.sdkUser)) {
      return `${where}: at rest with ${user?.uid ?? 'nobody'} while the SDK has ${tab.sdkUser?.uid ?? 'nobody'}`;
    }
    const running = Object.keys(snapshot.children).filter(
      (id) => id !== 'authWatcher' && id !== 'passwordPolicy',
    );
    if (running.length > 0) return `${where}: at rest with ${running.join(', ')} still running`;
  }
  if (pendingOperation) {
    const forUid = pendingFor.get(tab) ?? user?.uid ?? '';
    pendingFor.set(tab, forUid);
    if (user?.uid !== forUid) {
      return `${where}: ${pendingOperation.kind} pending for ${forUid} outlived its user (now ${user?.uid ?? 'nobody'})`;
    }
  } else {
    pendingFor.delete(tab);
  }
  // Another tab registered this guest first: the notice names the address that holds its work.
  if (
    notice?.code === REGISTERED_ELSEWHERE &&
    !(user?.email && notice.message.includes(user.email))
  ) {
    return `${where}: "registered in another tab" does not name the account's address`;
  }
  if (error && (!isClientCode(error.code) || /auth\/|firebase/i.test(error.message))) {
    return `${where}: the error shows a raw code: ${JSON.stringify(error)}`;
  }
  for (const message of [error?.message, notice?.message]) {
    if (message && FAILURE_CODES.some((code) => message.includes(code))) {
      return `${where}: a message names a code: ${message}`;
    }
  }
  return null;
}

/** Runs one scenario; resolves with the first broken rule (and the step), or null. */
export async function runScenario(scenario: Scenario, stats?: FuzzStats): Promise<string | null> {
  const world = new SdkWorld(
    scenario.stored === 'nobody'
      ? null
      : scenario.stored === 'ada'
        ? (ACCOUNTS[0] ?? null)
        : { ...ACCOUNTS[0]!, uid: 'guest-0', isAnonymous: true, email: null, providerIds: [] },
  );
  const inspect = (inspection: InspectionEvent) => {
    if (!stats || inspection.type !== '@xstate.microstep') return;
    const { _transitions: transitions } = inspection as { _transitions: AnyTransitionDefinition[] };
    transitions.forEach((transition) => stats.transitions.add(transitionId(transition)));
    const value = (inspection.snapshot as unknown as { value: StateValue }).value;
    stateIds(value).forEach((id) => stats.states.add(id));
  };
  const tabs = Array.from({ length: scenario.tabCount }, (_, index) =>
    world.openTab(`tab ${index + 1}`, { inspect }),
  );
  const pendingFor = new Map<Tab, string>();
  let registeredElsewhere = false;
  try {
    await flush();
    for (const [index, step] of scenario.steps.entries()) {
      const tab = 'tab' in step ? tabs[step.tab % tabs.length] : undefined;
      if (step.kind === 'user' && tab) tab.actor.send(USER_EVENTS[step.event]!);
      if (step.kind === 'settle' && tab) world.settle(tab, step.request, step.settlement);
      if (step.kind === 'sync' && tab) world.sync(tab);
      if (step.kind === 'elsewhere') world.changeElsewhere(step.action);
      await flush();
      if (stats) stats.steps += 1;
      for (const each of tabs) {
        const broken = brokenRule(each, pendingFor);
        if (broken) return `step ${index + 1} (${JSON.stringify(step)}): ${broken}`;
        registeredElsewhere ||=
          each.actor.getSnapshot().context.notice?.code === REGISTERED_ELSEWHERE;
      }
    }
    return null;
  } finally {
    tabs.forEach((tab) => tab.actor.stop());
    if (stats) {
      stats.sequences += 1;
      if (registeredElsewhere) stats.registeredElsewhere += 1;
    }
  }
}

/** The fast-check property: every scenario keeps every rule. */
export function sessionRulesHold(stats?: FuzzStats) {
  return fc.asyncProperty(scenarioArb, async (scenario) => {
    const broken = await runScenario(scenario, stats);
    if (broken) throw new Error(broken);
  });
}
