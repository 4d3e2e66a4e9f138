import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ConversionResult } from '@unnest/contracts';
import { useState } from 'react';
import { LabelledSelect, type SelectOption } from '../components/labelled-select';
import { formatCount } from '../lib/format-count';
import { formatBytes } from '../lib/format-size';

/** The records path that reads the top-level object's members as the records: the whole document. */
export const WHOLE_DOCUMENT = '.';

/**
 * Where the records of a conversion were: the path asked for, else the one found (null: the document is the
 * records, an array or JSON Lines).
 */
export function recordsPathOf(response: ConversionResult, asked: string): string | null {
  return asked !== '' ? asked : response.records_path;
}

/**
 * The records paths a conversion may be made again with: the one used, each part left out, the whole document,
 * and finding them automatically again once a path was asked for.
 */
export function recordsPathChoices(response: ConversionResult, asked: string): SelectOption<string>[] {
  const used = recordsPathOf(response, asked);
  const choices: SelectOption<string>[] = [];
  const add = (value: string, label: string) => {
    if (!choices.some((choice) => choice.value === value)) choices.push({ value, label });
  };
  if (used !== null)
    add(used, used === WHOLE_DOCUMENT ? 'The whole document (now)' : `${used} (now${asked === '' ? ', found' : ''})`);
  for (const part of response.left_out?.parts ?? []) add(part.path, `${part.path} (${formatBytes(part.bytes)})`);
  add(WHOLE_DOCUMENT, 'The whole document: each top-level member a row');
  if (asked !== '') add('', 'Find the records automatically');
  return choices;
}

/** What was left out, by name and size: nothing is lost without a word. */
function leftOutText(response: ConversionResult): string | null {
  const leftOut = response.left_out;
  if (leftOut === null) return null;
  const named = leftOut.parts.map((part) => `${part.path} (${formatBytes(part.bytes)})`);
  const more = leftOut.count - leftOut.parts.length;
  if (more > 0) named.push(`${formatCount(more)} more`);
  const parts = leftOut.count === 1 ? 'part is' : `${formatCount(leftOut.count)} parts are`;
  return `Left out of the conversion: ${named.join(', ')}. The file holds the records (${formatBytes(leftOut.records_bytes)}); these ${parts} not in it (${formatBytes(leftOut.bytes)}).`;
}

/**
 * Where the records were found in the JSON (`data.users`) and what the conversion left out of the document
 * (the wrapper's other members, by name and size), with a choice of another records path (a part left out, or
 * the whole document) to convert again with.
 */
export function LeftOutNote(props: {
  response: ConversionResult;
  /** The records path the conversion asked for ('' when it was found automatically). */
  asked: string;
  onRecordsPath: (path: string) => void;
  disabled: boolean;
}) {
  const { response, asked, onRecordsPath, disabled } = props;
  const used = recordsPathOf(response, asked);
  const choices = recordsPathChoices(response, asked);
  const [chosen, setChosen] = useState(used ?? WHOLE_DOCUMENT);
  if (used === null && response.left_out === null) return null;
  // A choice from an earlier result that this one does not offer falls back to the path in use.
  const selected = choices.some((choice) => choice.value === chosen) ? chosen : (used ?? WHOLE_DOCUMENT);
  const leftOut = leftOutText(response);
  const count = response.records;
  const records = count === null ? '' : ` (${formatCount(count)} ${count === 1 ? 'record' : 'records'})`;
  return (
    <Box component="section" aria-label="Records path" sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Typography variant="body2">
        {used === WHOLE_DOCUMENT
          ? `The records are the members of the whole document${records}.`
          : used === null
            ? `The records are the document's own records${records}.`
            : `Records ${asked === '' ? 'found' : 'read'} at ${used}${records}.`}
      </Typography>
      {leftOut && <Alert severity="warning">{leftOut}</Alert>}
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
        <LabelledSelect
          id="records-path"
          label="Records path"
          value={selected}
          options={choices}
          onChange={setChosen}
          disabled={disabled}
          minWidth={280}
        />
        <Button
          variant="outlined"
          // The path in use, or the request's own, would convert the same again.
          disabled={disabled || selected === used || selected === asked}
          onClick={() => onRecordsPath(selected)}
        >
          Convert with this records path
        </Button>
      </Box>
    </Box>
  );
}
