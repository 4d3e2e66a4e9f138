import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useLeaveGuard } from './use-leave-guard';

function Form({ unsaved }: { unsaved: boolean }) {
  const blocker = useLeaveGuard(unsaved);
  return (
    <>
      <Link to="/dashboard">Dashboard</Link>
      <Link to="/settings#settings-webhooks">Webhooks</Link>
      <p>Leaving: {blocker.state}</p>
      <button type="button" onClick={() => blocker.proceed?.()}>
        Leave
      </button>
      <button type="button" onClick={() => blocker.reset?.()}>
        Stay
      </button>
    </>
  );
}

function renderAt(unsaved: boolean) {
  const router = createMemoryRouter(
    [
      { path: '/settings', element: <Form unsaved={unsaved} /> },
      { path: '/dashboard', element: <p>The dashboard</p> },
    ],
    { initialEntries: ['/settings'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/** Whether the page asked the browser to confirm closing or reloading it. */
function unloadAsks(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

afterEach(cleanup);

describe('leaving a page with unsaved changes', () => {
  it('holds a move to another page until the person chooses to stay or leave', async () => {
    const user = userEvent.setup();
    const router = renderAt(true);
    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    expect(screen.getByText('Leaving: blocked')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/settings');
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    expect(screen.getByText('Leaving: unblocked')).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    await user.click(screen.getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('The dashboard')).toBeTruthy();
  });

  it('lets a link within the page through, and asks the browser before the tab closes', async () => {
    const user = userEvent.setup();
    const router = renderAt(true);
    await user.click(screen.getByRole('link', { name: 'Webhooks' }));
    expect(router.state.location.hash).toBe('#settings-webhooks');
    expect(screen.getByText('Leaving: unblocked')).toBeTruthy();
    expect(unloadAsks()).toBe(true);
  });

  it('asks nothing when everything is saved', async () => {
    const user = userEvent.setup();
    renderAt(false);
    expect(unloadAsks()).toBe(false);
    await act(() => user.click(screen.getByRole('link', { name: 'Dashboard' })));
    expect(await screen.findByText('The dashboard')).toBeTruthy();
  });
});
