import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConverterActions } from './converter-actions';

afterEach(cleanup);

function renderActions(compareBlocked: string | null) {
  const onCompare = vi.fn();
  render(
    <ConverterActions
      convertLabel="Convert JSON Text"
      comparisonForCredit={false}
      compareBlocked={compareBlocked}
      busy={false}
      progress={null}
      error={null}
      errorAction={null}
      onConvert={vi.fn()}
      onCompare={onCompare}
      onCancel={vi.fn()}
    />,
  );
  return onCompare;
}

describe('the converter buttons', () => {
  it('a Compare that cannot open says why, is reached by keyboard and opens nothing', async () => {
    const onCompare = renderActions('Compare needs a converted file: convert first.');
    const compare = screen.getByRole('button', { name: 'Conversion Quality Analysis' });
    expect(compare.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText('Compare needs a converted file: convert first.').id).toBe(
      compare.getAttribute('aria-describedby'),
    );
    const user = userEvent.setup();
    screen.getByRole('button', { name: 'Convert JSON Text' }).focus();
    await user.tab();
    expect(document.activeElement).toBe(compare);
    await user.keyboard('{Enter}');
    expect(onCompare).not.toHaveBeenCalled();
  });

  it('a Compare that can open has no reason and opens', async () => {
    const onCompare = renderActions(null);
    const compare = screen.getByRole('button', { name: 'Conversion Quality Analysis' });
    expect(compare.getAttribute('aria-disabled')).toBe('false');
    expect(compare.getAttribute('aria-describedby')).toBeNull();
    await userEvent.setup().click(compare);
    expect(onCompare).toHaveBeenCalledOnce();
  });
});
