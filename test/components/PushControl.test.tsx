import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PushControl } from '../../src/ui/push/PushControl';
import { personAtKeyboard } from './person';

afterEach(cleanup);

describe('PushControl', () => {
  it('on the development server (no service worker), says how to try notifications at once', async () => {
    render(<PushControl />);
    await personAtKeyboard().click(
      screen.getByRole('button', { name: 'Turn on notifications on this device' }),
    );
    const said = await screen.findByText(/The development server has no service worker/);
    expect(said.closest('[role="alert"]')).not.toBeNull();
    expect(said.textContent).toContain('npm run preview');
  });
});
