import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatCount } from '../lib/format-count';
import type { LoadedTable } from '../lib/use-loaded-table';

/** A table of the first rows of a result (while it is made, a placeholder), every value shown exactly as in the file. */
export function PreviewTableView({ state, label }: { state: LoadedTable; label: string }) {
  if (state.status === 'loading') return <Skeleton variant="rounded" height={160} />;
  if (state.status === 'failed') return <Alert severity="warning">Preview unavailable: {state.message}</Alert>;
  const { header, rows, totalRows } = state.table;
  if (header.length === 0) return <Typography color="text.secondary">The result is empty.</Typography>;
  return (
    <Box sx={{ minWidth: 0 }}>
      <TableContainer
        sx={{ maxHeight: 420, border: 1, borderColor: 'divider', borderRadius: 1 }}
        aria-label={label}
        role="region"
        tabIndex={0}
      >
        {/* Cell styles are set once here rather than on each of the hundreds of cells: a cheaper render. */}
        <Table
          size="small"
          stickyHeader
          sx={{
            '& th': { fontFamily: 'fontFamilyMonospace', whiteSpace: 'nowrap' },
            '& td': {
              fontFamily: 'fontFamilyMonospace',
              whiteSpace: 'pre',
              maxWidth: 360,
              overflow: 'hidden',
              textOverflow: 'ellipsis',
            },
            '& .row-number': { color: 'text.secondary', fontFamily: 'inherit' },
          }}
        >
          <TableHead>
            <TableRow>
              <TableCell className="row-number" sx={{ width: 48 }}>
                #
              </TableCell>
              {header.map((name, index) => (
                // Headers can repeat in hand-made CSV, so the position is part of the key.
                // biome-ignore lint/suspicious/noArrayIndexKey: columns have no identity beyond their position
                <TableCell key={index}>{name}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row, rowIndex) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows of a static preview never reorder
              <TableRow key={rowIndex} hover>
                <TableCell className="row-number">{rowIndex + 1}</TableCell>
                {header.map((_, cellIndex) => (
                  <TableCell
                    // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
                    key={cellIndex}
                    title={row[cellIndex] ?? ''}
                  >
                    {row[cellIndex] ?? ''}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
        {totalRows > rows.length
          ? `First ${rows.length} of ${formatCount(totalRows)} rows, ${header.length} columns`
          : `${formatCount(totalRows)} ${totalRows === 1 ? 'row' : 'rows'}, ${header.length} columns`}
      </Typography>
    </Box>
  );
}
