import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FlattenPlanDocument, FlattenPlanResponse } from '@unnest/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FlattenPlanPanel } from './flatten-plan-panel';

const JSON_TEXT = JSON.stringify([
  { id: 1, tags: ['a', 'b'], prices: { EUR: 1, USD: 2 }, meta: { source: 'x' } },
  { id: 2, tags: ['c'], prices: { GBP: 3 }, meta: { source: 'y' } },
]);

const PROPOSAL: FlattenPlanResponse = {
  plan: {
    version: 1,
    paths: [
      {
        path: 'tags',
        strategy: 'join',
        reason: '`tags` is a list of up to 2 strings: joined with "; " in one column.',
      },
      { path: 'prices', strategy: 'json', reason: '`prices` is a map: kept as JSON in one column.' },
    ],
  },
  explanations: [],
  columns: { before: 7, after: 4 },
  paths: [
    { path: 'tags', object: false, list: true, columns: 2 },
    { path: 'prices', object: true, list: false, columns: 3 },
    { path: 'meta', object: true, list: false, columns: 1 },
  ],
  sample: { records: 2, sampled: false, max_records: 1000, max_bytes: 1, records_path: null, records_shape: 'array' },
};

const CSV = { arrays: 'index', outputFormat: 'csv' } as const;

let requests: { url: string; body: unknown }[];
/** What the stubbed server proposes. */
let answer: FlattenPlanResponse;

beforeEach(() => {
  requests = [];
  answer = PROPOSAL;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      requests.push({ url, body: init.body });
      return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The plan editor's row of one path. */
async function pathItem(path: string): Promise<HTMLElement> {
  const list = await screen.findByRole('list', { name: 'Strategies per path' });
  const item = within(list)
    .getAllByRole('listitem')
    .find((candidate) => candidate.querySelector('code')?.textContent === path);
  if (!item) throw new Error(`No row for ${path}`);
  return item;
}

describe('the flattening plan panel', () => {
  it('shows the proposal with its reasons, previews it, and follows an edit', async () => {
    const user = userEvent.setup();
    const plans: (FlattenPlanDocument | null)[] = [];
    render(<FlattenPlanPanel input={JSON_TEXT} choices={CSV} disabled={false} onPlan={(plan) => plans.push(plan)} />);
    expect(plans.at(-1)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Propose a flattening plan' }));
    expect(requests[0]).toEqual({ url: '/api/convert/plan', body: JSON_TEXT });
    const prices = await pathItem('prices');
    expect(prices.textContent).toContain('prices is a map: kept as JSON in one column.');
    expect(within(prices).getAllByText('prices', { selector: 'code' })).toHaveLength(2);
    expect(prices.textContent).toContain('Holds an object, 3 columns as it is.');
    const status = screen.getByRole('status');
    await waitFor(() => expect(status.textContent).toBe('7 columns without a plan; 4 with this plan.'));
    expect(plans.at(-1)).toEqual(PROPOSAL.plan);
    const preview = await screen.findByRole('region', { name: 'Preview under this plan' });
    await within(preview).findByRole('columnheader', { name: 'prices' });

    await user.click(screen.getByRole('combobox', { name: 'Strategy for prices' }));
    await user.click(screen.getByRole('option', { name: 'Columns (one per key)' }));
    await waitFor(() => expect(status.textContent).toBe('7 columns without a plan; 6 with this plan.'));
    expect(within(await pathItem('prices')).getByText('Changed')).toBeTruthy();
    expect(plans.at(-1)?.paths[1]).toMatchObject({ path: 'prices', strategy: 'columns' });
    await within(screen.getByRole('region', { name: 'Preview under this plan' })).findByRole('columnheader', {
      name: 'prices.GBP',
    });
  });

  it('lists every path, the proposed ones first, and gives a strategy to one the proposal left alone', async () => {
    const user = userEvent.setup();
    const plans: (FlattenPlanDocument | null)[] = [];
    render(<FlattenPlanPanel input={JSON_TEXT} choices={CSV} disabled={false} onPlan={(plan) => plans.push(plan)} />);
    await user.click(screen.getByRole('button', { name: 'Propose a flattening plan' }));
    const list = await screen.findByRole('list', { name: 'Strategies per path' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('code')?.textContent),
    ).toEqual(['tags', 'prices', 'meta']);
    expect(list.textContent).not.toContain('`');
    const meta = screen.getByRole('combobox', { name: 'Strategy for meta' });
    expect(meta.textContent).toBe("Default (the conversion's options)");
    await user.click(meta);
    await user.click(screen.getByRole('option', { name: 'JSON in one cell' }));
    expect(plans.at(-1)?.paths.at(-1)).toEqual({ path: 'meta', strategy: 'json' });
    expect(screen.getByText('3 paths. 1 changed from the proposal.')).toBeTruthy();
    const preview = await screen.findByRole('region', { name: 'Preview under this plan' });
    await within(preview).findByRole('columnheader', { name: 'meta' });
  });

  it('finds a path by name among thousands and shows them fifty at a time', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 120 }, (_, n) => ({ path: `field${n}`, object: true, list: false, columns: 2 }));
    answer = { ...PROPOSAL, paths: [...PROPOSAL.paths, ...many] };
    render(<FlattenPlanPanel input={JSON_TEXT} choices={CSV} disabled={false} onPlan={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Propose a flattening plan' }));
    const list = await screen.findByRole('list', { name: 'Strategies per path' });
    // Rows by selector: role queries over a hundred drop-downs take seconds in jsdom.
    const rows = () => [...list.querySelectorAll(':scope > li')].map((item) => item.querySelector('code')?.textContent);
    expect(rows()).toHaveLength(50);
    expect(screen.getByText('123 paths; the first 50 are shown.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show 50 more paths' }));
    expect(rows()).toHaveLength(100);
    await user.click(screen.getByRole('searchbox', { name: 'Find a path' }));
    await user.paste('field11');
    expect(screen.getByText('11 paths of 123 hold "field11".')).toBeTruthy();
    expect(rows()).toEqual(['field11', ...Array.from({ length: 10 }, (_, n) => `field11${n}`)]);
    expect(screen.queryByRole('button', { name: /more paths/ })).toBeNull();
  });

  it('says so when the records hold nothing to flatten', async () => {
    const user = userEvent.setup();
    answer = { ...PROPOSAL, plan: { version: 1, paths: [] }, paths: [] };
    render(<FlattenPlanPanel input={JSON_TEXT} choices={CSV} disabled={false} onPlan={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Propose a flattening plan' }));
    expect(
      await screen.findByText('The records hold no object or list: every value is a column already.'),
    ).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Strategies per path' })).toBeNull();
  });

  it('asks for the records path given', async () => {
    const user = userEvent.setup();
    render(<FlattenPlanPanel input={JSON_TEXT} choices={CSV} disabled={false} onPlan={() => {}} />);
    await user.type(screen.getByRole('textbox', { name: 'Records path (optional)' }), 'css.properties');
    await user.click(screen.getByRole('button', { name: 'Propose a flattening plan' }));
    expect(requests.map((request) => request.url)).toContain('/api/convert/plan?records=css.properties');
  });

  it('asks for own tables when ticked', async () => {
    const user = userEvent.setup();
    render(<FlattenPlanPanel input={JSON_TEXT} choices={CSV} disabled={false} onPlan={() => {}} />);
    await user.click(screen.getByRole('checkbox', { name: 'Lists and maps of records in tables of their own' }));
    await user.click(screen.getByRole('button', { name: 'Propose a flattening plan' }));
    expect(requests.map((request) => request.url)).toContain('/api/convert/plan?relational=true');
  });

  it('gives no plan to the conversion once unticked', async () => {
    const user = userEvent.setup();
    const plans: (FlattenPlanDocument | null)[] = [];
    render(<FlattenPlanPanel input={JSON_TEXT} choices={CSV} disabled={false} onPlan={(plan) => plans.push(plan)} />);
    await user.click(screen.getByRole('button', { name: 'Propose a flattening plan' }));
    await screen.findByRole('checkbox', { name: 'Convert with this plan' });
    expect(plans.at(-1)).toEqual(PROPOSAL.plan);
    await user.click(screen.getByRole('checkbox', { name: 'Convert with this plan' }));
    expect(plans.at(-1)).toBeNull();
  });

  it('offers an own table for a path: the preview shows the main table and says where the rest goes', async () => {
    const user = userEvent.setup();
    const plans: (FlattenPlanDocument | null)[] = [];
    const { rerender } = render(
      <FlattenPlanPanel input={JSON_TEXT} choices={CSV} disabled={false} onPlan={(plan) => plans.push(plan)} />,
    );
    await user.click(screen.getByRole('button', { name: 'Propose a flattening plan' }));
    await user.click(await screen.findByRole('combobox', { name: 'Strategy for prices' }));
    await user.click(screen.getByRole('option', { name: 'Own table (linked by id)' }));
    expect(plans.at(-1)?.paths[1]).toMatchObject({ path: 'prices', strategy: 'table' });
    await waitFor(() =>
      expect(document.body.textContent).toMatch(
        /This path goes to a table of its own, each row linked to its parent row by id: prices\. The result is a ZIP of linked CSV tables/,
      ),
    );
    const preview = await screen.findByRole('region', { name: 'Preview of the main table under this plan' });
    await within(preview).findByRole('columnheader', { name: 'prices' });
    expect(within(preview).getAllByRole('cell', { name: 'tables/prices' })).toHaveLength(2);
    // Three members in all: EUR and USD of the first record, GBP of the second.
    expect(await screen.findByText('Own tables: tables/prices.csv (3 rows).')).toBeTruthy();

    rerender(
      <FlattenPlanPanel
        input={JSON_TEXT}
        choices={{ arrays: 'index', outputFormat: 'xlsx' }}
        disabled={false}
        onPlan={(plan) => plans.push(plan)}
      />,
    );
    expect(await screen.findByText(/The result is an XLSX workbook with a sheet per table\./)).toBeTruthy();
  });

  it('proposes unasked for a file whose plain table would be wider than 60 columns: applied unless declined', async () => {
    const user = userEvent.setup();
    answer = { ...PROPOSAL, columns: { before: 1270, after: 31 } };
    const plans: (FlattenPlanDocument | null)[] = [];
    const file = new File([JSON_TEXT], 'countries.json', { type: 'application/json' });
    render(<FlattenPlanPanel input={file} choices={CSV} disabled={false} onPlan={(plan) => plans.push(plan)} />);
    const choice = await screen.findByRole('radiogroup', {
      name: 'The plain table would have 1,270 columns. Unnest proposes a flattening plan: about 31.',
    });
    expect(requests).toHaveLength(1);
    const apply = within(choice).getByRole('radio', { name: /^Apply the proposed plan \(about 31 columns/ });
    expect((apply as HTMLInputElement).checked).toBe(true);
    expect(plans.at(-1)).toEqual(PROPOSAL.plan);
    expect((await pathItem('prices')).textContent).toContain('prices is a map: kept as JSON in one column.');
    await user.click(within(choice).getByRole('radio', { name: 'Convert plainly (1,270 columns)' }));
    expect(plans.at(-1)).toBeNull();
    await user.click(apply);
    expect((apply as HTMLInputElement).checked).toBe(true);
    expect(plans.at(-1)).toEqual(PROPOSAL.plan);
  });

  it('shows nothing unasked for a table of 60 columns or fewer', async () => {
    answer = { ...PROPOSAL, columns: { before: 60, after: 3 } };
    const plans: (FlattenPlanDocument | null)[] = [];
    const file = new File([JSON_TEXT], 'narrow.json', { type: 'application/json' });
    render(<FlattenPlanPanel input={file} choices={CSV} disabled={false} onPlan={(plan) => plans.push(plan)} />);
    await waitFor(() => expect(requests).toHaveLength(1));
    // The answer has arrived and been read: still only the button.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('radiogroup')).toBeNull();
    expect(screen.getByRole('button', { name: 'Propose a flattening plan' })).toBeTruthy();
    expect(plans.at(-1)).toBeNull();
  });
});
