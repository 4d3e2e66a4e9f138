import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';

afterEach(cleanup);

/** The frame AppLayout draws: the skip link, a top bar's control, then the main region. */
function Frame() {
  return (
    <>
      <SkipLink />
      <button type="button">Sign In</button>
      <main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <button type="button">Convert</button>
      </main>
    </>
  );
}

describe('the skip link', () => {
  it('is the first tab stop and says where it goes', async () => {
    render(<Frame />);
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Skip to main content' }));
  });

  it('moves focus to the main region, so the next Tab is inside the page, and leaves the URL alone', async () => {
    render(<Frame />);
    const before = window.location.href;
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('main'));
    expect(window.location.href).toBe(before);
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Convert' }));
  });
});
