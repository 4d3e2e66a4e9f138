import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import { type ReactNode, useState } from 'react';

/** The page sizes a paged table offers. */
const PAGE_SIZES = [20, 50, 100] as const;
/** Grey lines standing in for rows (named: a key is never an index). */
const SKELETON_LINES = ['first', 'second', 'third'] as const;

/** Which page of a server-paged list is shown (`page` counts from 0, the API's from 1). */
export interface Paging {
  page: number;
  pageSize: number;
  setPage: (page: number) => void;
  setPageSize: (pageSize: number) => void;
}

/** The first page of 20 rows, as every paged table starts. */
export function usePaging(): Paging {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  return { page, pageSize, setPage, setPageSize };
}

/** A column heading; a plain string is a left-aligned one. */
export type TableColumn = string | { label: string; align: 'right' };

interface PagedTableProps<Row> {
  /** The table's accessible name (the e2e suite and the component tests find tables by it). */
  label: string;
  columns: readonly TableColumn[];
  minWidth: number;
  rows: readonly Row[];
  /** One row: a `TableRow` carrying its key. */
  renderRow: (row: Row) => ReactNode;
  /** While the first answer is awaited, `skeletonLines` grey lines stand in for the table. */
  loading: boolean;
  skeletonLines: 1 | 2 | 3;
  /** Shown instead of the table when there is no row. */
  empty?: ReactNode;
  /** A row of the table saying why there is none (a search that matched nothing). */
  noRowText?: string;
  /**
   * The footer of a table the server pages: the page, the page size and the total number of rows. Without
   * `setPageSize` the page size is fixed (a dialog's short list) and no choice of it is offered.
   */
  paging?: Omit<Paging, 'setPageSize'> & Partial<Pick<Paging, 'setPageSize'>> & { count: number };
}

/**
 * Every list shown as a table (files, activity, the admin's accounts, logs and jobs): skeleton lines while
 * it loads, an empty state or a no-row line, the rows, and the page footer (changing the page size goes
 * back to the first page).
 */
export function PagedTable<Row>(props: PagedTableProps<Row>) {
  const { label, columns, minWidth, rows, renderRow, loading, skeletonLines, empty, noRowText, paging } = props;
  if (loading) {
    return (
      <Box sx={{ p: 2 }}>
        {SKELETON_LINES.slice(0, skeletonLines).map((line) => (
          <Skeleton key={line} height={40} />
        ))}
      </Box>
    );
  }
  if (rows.length === 0 && empty) return empty;
  return (
    <>
      <TableContainer>
        <Table aria-label={label} sx={{ minWidth }}>
          <TableHead>
            <TableRow>
              {columns.map((column) =>
                typeof column === 'string' ? (
                  <TableCell key={column}>{column}</TableCell>
                ) : (
                  <TableCell key={column.label} align={column.align}>
                    {column.label}
                  </TableCell>
                ),
              )}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map(renderRow)}
            {rows.length === 0 && noRowText && (
              <TableRow>
                <TableCell colSpan={columns.length}>{noRowText}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {paging && (
        <TablePagination
          component="div"
          count={paging.count}
          page={paging.page}
          onPageChange={(_, next) => paging.setPage(next)}
          rowsPerPage={paging.pageSize}
          rowsPerPageOptions={paging.setPageSize ? [...PAGE_SIZES] : [paging.pageSize]}
          {...(paging.setPageSize && {
            onRowsPerPageChange: (event: { target: { value: string } }) => {
              paging.setPageSize?.(Number(event.target.value));
              paging.setPage(0);
            },
          })}
        />
      )}
    </>
  );
}
