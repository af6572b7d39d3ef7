import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { GetPlanResponse } from '../../../contract';
import {
  backendErrorIn,
  clientErrorOf,
  type BackendError,
} from '../../machines/backend/clientErrors';
import { useSessionStatus, useSessionUser } from '../session';

/** What a plan section shows: loading, the plan, or why it could not be read. */
export type PlanView =
  | { status: 'loading' }
  | { status: 'ready'; plan: GetPlanResponse }
  | { status: 'failed'; error: BackendError };

export type LoadPlan = () => Promise<GetPlanResponse>;

interface PlanContextValue {
  view: PlanView;
  /** Reads the plan again (after a failure, or to see a payment that just went through). */
  reload(): void;
}

const LOADING: PlanView = { status: 'loading' };
const PlanContext = createContext<PlanContextValue | null>(null);

/** The default: the browser runtime (Firebase for the ID token) loads on first use. */
const loadBrowserPlan: LoadPlan = async () =>
  (await import('./browserPlanRuntime')).loadBrowserPlan();

export interface PlanProviderProps {
  children: ReactNode;
  /** Replaces the browser runtime (tests). Read once, when the provider mounts. */
  loadPlan?: LoadPlan;
}

/**
 * Reads a registered user's plan from the backend while its children are shown, again when the
 * session changes hands or on `reload`. An answer for an earlier user or attempt is dropped. A
 * guest has no plan to read (only accounts can pay): the view stays loading and nothing is asked.
 */
export function PlanProvider({ children, loadPlan = loadBrowserPlan }: PlanProviderProps) {
  const loadRef = useRef(loadPlan);
  const registered = useSessionStatus() === 'registered';
  const sessionUid = useSessionUser()?.uid ?? null;
  const uid = registered ? sessionUid : null;
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<{ key: string; view: PlanView } | null>(null);
  const key = `${uid ?? ''}#${attempt}`;

  useEffect(() => {
    if (uid === null) return;
    let current = true;
    loadRef.current().then(
      (plan) => current && setSettled({ key, view: { status: 'ready', plan } }),
      (error: unknown) =>
        current &&
        setSettled({
          key,
          // The runtime rejects with a `BackendFailure`; anything else is its chunk not loading.
          view: {
            status: 'failed',
            error: backendErrorIn(error) ?? clientErrorOf('network-error'),
          },
        }),
    );
    return () => {
      current = false;
    };
  }, [uid, key]);

  const view = settled?.key === key ? settled.view : LOADING;
  const value = useMemo(() => ({ view, reload: () => setAttempt((count) => count + 1) }), [view]);
  return <PlanContext.Provider value={value}>{children}</PlanContext.Provider>;
}

export function usePlan(): PlanContextValue {
  const value = useContext(PlanContext);
  if (!value) throw new Error('usePlan needs a <PlanProvider> above it.');
  return value;
}
