import TablePagination from '@mui/material/TablePagination';

/** The page sizes a paged table offers. */
const PAGE_SIZES = [20, 50, 100];

/** A paged table's footer: the page, and the page size (changing it goes back to the first page). */
export function TablePager({
  count,
  page,
  pageSize,
  setPage,
  setPageSize,
}: {
  count: number;
  page: number;
  pageSize: number;
  setPage: (page: number) => void;
  setPageSize: (pageSize: number) => void;
}) {
  return (
    <TablePagination
      component="div"
      count={count}
      page={page}
      onPageChange={(_, next) => setPage(next)}
      rowsPerPage={pageSize}
      rowsPerPageOptions={PAGE_SIZES}
      onRowsPerPageChange={(event) => {
        setPageSize(Number(event.target.value));
        setPage(0);
      }}
    />
  );
}
