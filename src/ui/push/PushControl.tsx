import { useEffect, useId, useState } from 'react';
import type { PushDevice } from '../../../contract';
import { BusyButton } from '../forms/BusyButton';
import { ErrorMessage, StatusMessage } from '../forms/FormMessages';
import './push.css';

const runtime = () => import('./browserPushRuntime');

const REFUSALS: Record<string, string> = {
  unsupported:
    'This browser cannot show notifications from a website. On an iPhone or iPad, add ApplyFirst ' +
    'to your home screen (Share, then Add to Home Screen) and turn them on there.',
  development:
    'The development server has no service worker, so notifications cannot be turned on here: ' +
    'run the built app (npm run build, then npm run preview).',
  denied:
    'Notifications are blocked for ApplyFirst in this browser. Allow them in its site settings, ' +
    'then try again.',
};

function messageOf(error: unknown): string {
  if (error instanceof Error && error.name === 'PushUnavailable') {
    return REFUSALS[error.message] ?? REFUSALS.unsupported ?? '';
  }
  return error instanceof Error && error.name === 'BackendFailure'
    ? error.message
    : 'Notifications could not be turned on. Please try again.';
}

interface PushState {
  busy: boolean;
  notice: string | null;
  error: string | null;
  devices: PushDevice[] | null;
  thisDevice: string | null;
}

/**
 * "Turn on notifications on this device": the browser asks for permission only after this click.
 * With `showDevices` (the account page), the devices notifications are on for, each to turn off.
 */
export function PushControl({ showDevices = false }: { showDevices?: boolean }) {
  const titleId = useId();
  const [state, setState] = useState<PushState>({
    busy: false,
    notice: null,
    error: null,
    devices: null,
    thisDevice: null,
  });
  const update = (changes: Partial<PushState>) => setState((now) => ({ ...now, ...changes }));

  useEffect(() => {
    if (!showDevices) return;
    let current = true;
    runtime()
      .then(async (push) => {
        const [{ devices }, thisDevice] = await Promise.all([
          push.listDevices(),
          push.thisDeviceId(),
        ]);
        if (current) setState((now) => ({ ...now, devices, thisDevice }));
      })
      .catch((error: unknown) => {
        if (current) setState((now) => ({ ...now, error: messageOf(error) }));
      });
    return () => {
      current = false;
    };
  }, [showDevices]);

  const act = async (work: (push: Awaited<ReturnType<typeof runtime>>) => Promise<string>) => {
    update({ busy: true, notice: null, error: null });
    try {
      const push = await runtime();
      const notice = await work(push);
      update({ busy: false, notice });
    } catch (error) {
      update({ busy: false, error: messageOf(error) });
    }
  };

  const turnOn = () =>
    act(async (push) => {
      const { devices } = await push.turnOnThisDevice();
      update({ devices, thisDevice: await push.thisDeviceId() });
      return 'Notifications are on for this device.';
    });
  const turnOff = (device: PushDevice) =>
    act(async (push) => {
      const { devices } = await push.turnOffDevice(device.id);
      update({ devices, thisDevice: await push.thisDeviceId() });
      return `Notifications are off for ${device.label}.`;
    });

  const onHere = state.thisDevice !== null && state.devices?.some((d) => d.id === state.thisDevice);
  return (
    <section className={showDevices ? 'card' : 'push-control'} aria-labelledby={titleId}>
      <h2 id={titleId} className={showDevices ? 'card__title' : 'visually-hidden'}>
        Notifications
      </h2>
      <p className="card__hint">
        New matches on this phone or computer the minute they appear, even with ApplyFirst closed.
      </p>
      {!onHere && (
        <BusyButton busy={state.busy} busyLabel="Turning on…" onClick={() => void turnOn()}>
          Turn on notifications on this device
        </BusyButton>
      )}
      <StatusMessage message={state.notice} />
      <ErrorMessage message={state.error} />
      {showDevices && state.devices !== null && state.devices.length > 0 && (
        <ul className="push-control__devices">
          {state.devices.map((device) => (
            <li key={device.id}>
              {device.label}
              {device.id === state.thisDevice ? ' (this device)' : ''}{' '}
              <BusyButton
                variant="quiet"
                unavailable={state.busy}
                aria-label={`Turn off notifications for ${device.label}`}
                onClick={() => void turnOff(device)}
              >
                Turn off
              </BusyButton>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
