import { describe, expect, it } from 'vitest';
import {
  directionOf,
  downloadName,
  initialQuickState,
  LIVE_MAX_BYTES,
  problemText,
  type QuickAction,
  type QuickState,
  quickConvertReducer,
} from './quick-convert-state';

const run = (actions: QuickAction[], from: QuickState = initialQuickState) => actions.reduce(quickConvertReducer, from);
const standing = { limit: 3, remaining: 2, nextAt: new Date('2026-11-28T10:00:00Z') };
const guard = { cells: 1, examples: [{ column: 'note', value: '=1' }] };

describe('which way the quick convert goes', () => {
  it('is read from the content: JSON starts with { or [, anything else is CSV, a blank says nothing', () => {
    expect(directionOf('  [{"a":1}]')).toBe('json-to-csv');
    expect(directionOf('\uFEFF{"a":1}\n{"a":2}')).toBe('json-to-csv');
    expect(directionOf('a,b\n1,2')).toBe('csv-to-json');
    expect(directionOf(' \n ')).toBeUndefined();
  });

  it('is read from a file name before the content', () => {
    expect(directionOf('[1]', 'odd.csv')).toBe('csv-to-json');
    expect(directionOf('a,b', 'events.JSONL')).toBe('json-to-csv');
    expect(directionOf('a,b', 'notes.txt')).toBe('csv-to-json');
  });

  it('follows the content while detected, and a chosen direction sticks until the box is cleared', () => {
    const pasted = run([{ type: 'edit', text: 'id,name\n1,Ada' }]);
    expect(pasted).toMatchObject({ direction: 'csv-to-json', detected: true });
    const chosen = run(
      [
        { type: 'direction', direction: 'json-to-csv' },
        { type: 'edit', text: 'id,name\n1,Ada\n2' },
      ],
      pasted,
    );
    expect(chosen).toMatchObject({ direction: 'json-to-csv', detected: false });
    const cleared = run(
      [
        { type: 'edit', text: '' },
        { type: 'edit', text: 'x,y\n1,2' },
      ],
      chosen,
    );
    expect(cleared).toMatchObject({ direction: 'csv-to-json', detected: true });
  });

  it('takes a dropped file whole, its direction from its name, and names the download after it', () => {
    const dropped = run([{ type: 'file', name: 'people.csv', text: 'id\n1\n' }]);
    expect(dropped).toMatchObject({ input: 'id\n1\n', direction: 'csv-to-json', fileName: 'people.csv', bytes: 5 });
    expect(downloadName(dropped)).toBe('people.json');
    expect(downloadName(initialQuickState)).toBe('converted.csv');
    expect(
      run(
        [
          { type: 'edit', text: '' },
          { type: 'edit', text: '[1]' },
        ],
        dropped,
      ).fileName,
    ).toBeUndefined();
  });
});

describe("a dropped file's encoding", () => {
  it('shows how a file that was not UTF-8 was read while its text is there, and forgets it when the box is cleared', () => {
    const note = 'people.csv is not UTF-8: it was read as windows-1252. Check its characters before converting.';
    const dropped = run([{ type: 'file', name: 'people.csv', text: 'name\ncafé\n', note }]);
    expect(dropped.fileNote).toBe(note);
    expect(run([{ type: 'edit', text: 'name\ncafés\n' }], dropped).fileNote).toBe(note);
    expect(run([{ type: 'edit', text: '' }], dropped).fileNote).toBeUndefined();
    expect(run([{ type: 'file', name: 'b.csv', text: 'a\n' }], dropped).fileNote).toBeUndefined();
  });
});

describe('converting as you type', () => {
  it('shows the browser result of the current input and drops one that comes late for an older input', () => {
    const typed = run([{ type: 'edit', text: '[{"a":1}]' }]);
    const late = run(
      [
        { type: 'edit', text: '[{"a":12}]' },
        { type: 'converted', revision: typed.revision, result: { output: 'a\n1\n' } },
      ],
      typed,
    );
    expect(late.result).toBeUndefined();
    const shown = run(
      [{ type: 'converted', revision: late.revision, result: { output: 'a\n12\n', formulaGuard: guard } }],
      late,
    );
    expect(shown.result).toMatchObject({ text: 'a\n12\n', by: 'browser', formulaGuard: guard, table: 'a\n12\n' });
  });

  it('keeps the last result while typing on, but not once the input is too big to convert as you type', () => {
    const shown = run([
      { type: 'edit', text: '[1]' },
      { type: 'converted', revision: 1, result: { output: 'x' } },
    ]);
    expect(run([{ type: 'edit', text: '[12]' }], shown).result?.text).toBe('x');
    expect(run([{ type: 'edit', text: `[${'1'.repeat(LIVE_MAX_BYTES)}]` }], shown).result).toBeUndefined();
  });

  it('states a problem with the position, and says nothing was sent only when Convert was held back', () => {
    const typed = run([{ type: 'edit', text: '[{"a": }]' }]);
    const live = run(
      [{ type: 'converted', revision: 1, result: { problem: "Unexpected '}' (line 1, column 8)" } }],
      typed,
    );
    expect(problemText(live.direction, live.problem ?? { text: '', revision: 0, refusedSend: false })).toBe(
      "This is not JSON the converter can read: Unexpected '}' (line 1, column 8).",
    );
    const held = run(
      [{ type: 'sending' }, { type: 'converted', revision: 1, result: { problem: 'bad' }, sending: true }],
      typed,
    );
    expect(held.sending).toBe(false);
    const again = run([{ type: 'converted', revision: 1, result: { problem: 'bad' } }], held);
    expect(again.problem?.refusedSend).toBe(true);
    // Edited while the check ran: its problem is no longer the input's, but that Convert has ended.
    const edited = run([{ type: 'sending' }, { type: 'edit', text: '[1]' }], typed);
    const ended = run([{ type: 'converted', revision: 1, result: { problem: 'bad' }, sending: true }], edited);
    expect(ended).toMatchObject({ sending: false, problem: undefined });
    expect(problemText(held.direction, held.problem ?? { text: '', revision: 0, refusedSend: false })).toBe(
      'This is not JSON the converter can read: bad. Nothing was sent, so no conversion was used.',
    );
  });
});

describe('Convert (the server)', () => {
  const typed = run([{ type: 'edit', text: '[{"note":"=1"}]' }]);
  const checked = run(
    [
      { type: 'sending' },
      { type: 'converted', revision: 1, result: { output: "note\n'=1\n", formulaGuard: guard }, sending: true },
    ],
    typed,
  );

  it("shows the server's output for download, the standing, and moves focus to it", () => {
    const sent = run([{ type: 'sent', revision: 1, text: "note\n'=1\n", standing }], checked);
    expect(sent).toMatchObject({ sending: false, standing, arrivals: 1 });
    expect(sent.result).toMatchObject({ by: 'server', text: "note\n'=1\n", formulaGuard: guard });
  });

  it("gives no guard count when the server's CSV is not the one the browser counted in", () => {
    const sent = run([{ type: 'sent', revision: 1, text: "note\n'=1\n'=2\n", standing }], checked);
    expect(sent.result?.formulaGuard).toBeUndefined();
  });

  it('says which records held a key twice, found as typed, while the CSV sent back is the one it was found in', () => {
    const twice = "Record 1 holds a key more than once in one object ('a'); ...";
    const found = run([
      { type: 'edit', text: '[{"a":1,"a":2}]' },
      { type: 'converted', revision: 1, result: { output: 'a\n2\n', warnings: [twice] } },
    ]);
    expect(found.result).toMatchObject({ by: 'browser', warnings: [twice] });
    expect(run([{ type: 'sent', revision: 1, text: 'a\n2\n', standing }], found).result?.warnings).toEqual([twice]);
    expect(run([{ type: 'sent', revision: 1, text: 'a\n3\n', standing }], found).result?.warnings).toEqual([]);
  });

  it("keeps the server's result when the browser's answer for the same input comes after it", () => {
    const sent = run([{ type: 'sent', revision: 1, text: 'server', standing }], typed);
    expect(run([{ type: 'converted', revision: 1, result: { output: 'browser' } }], sent).result?.text).toBe('server');
  });

  it('takes the standing of an answer for an input changed since, but not its output', () => {
    const changed = run([{ type: 'edit', text: '[2]' }], checked);
    const sent = run([{ type: 'sent', revision: 1, text: 'old', standing }], changed);
    expect(sent).toMatchObject({ standing, sending: false, arrivals: 0 });
    expect(sent.result?.by).toBe('browser');
  });

  it('keeps the last standing when a failure carries none, and clears the failure on the next edit', () => {
    const failed = run(
      [
        { type: 'sent', revision: 1, text: 'x', standing },
        { type: 'send-failed', message: 'Network error.', standing: undefined },
      ],
      checked,
    );
    expect(failed).toMatchObject({ serverError: 'Network error.', standing, sending: false });
    expect(run([{ type: 'edit', text: '[3]' }], failed).serverError).toBeUndefined();
  });

  it('clears the result when the direction changes, and converts again for the new one', () => {
    const turned = run([{ type: 'direction', direction: 'csv-to-json' }], checked);
    expect(turned).toMatchObject({ result: undefined, direction: 'csv-to-json', revision: checked.revision + 1 });
  });
});
