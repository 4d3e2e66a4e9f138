import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useDeferredValue, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../components/page-header';
import { QueryError } from '../components/query-error';
import { TablePager } from '../components/table-pager';
import { formatDateTime } from '../lib/format-date';
import { AccountChips } from './account-chips';
import { USERS_FALLBACK, useAdminUsers } from './api/get-admin-users';

/** /admin/users: accounts searched by e-mail, newest first. */
export default function AdminUsersPage() {
  const [search, setSearch] = useState('');
  // Typing does not send a request per key while the previous answer is still coming.
  const query = useDeferredValue(search);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const users = useAdminUsers(query, page + 1, pageSize);
  return (
    <>
      <PageHeader title="Users" subtitle="Search accounts by e-mail; open one to change its plan, credits or access." />
      <TextField
        label="Search by e-mail"
        type="search"
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
          setPage(0);
        }}
        fullWidth
        sx={{ mb: 2, maxWidth: 480 }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Search />
              </InputAdornment>
            ),
          },
        }}
      />
      {users.isError && (
        <QueryError error={users.error} fallback={USERS_FALLBACK} onRetry={() => void users.refetch()} />
      )}
      <Card>
        {users.isPending ? (
          <Box sx={{ p: 2 }}>
            <Skeleton height={40} />
            <Skeleton height={40} />
          </Box>
        ) : (
          <>
            <TableContainer>
              <Table aria-label="Accounts" sx={{ minWidth: 640 }}>
                <TableHead>
                  <TableRow>
                    <TableCell>E-mail</TableCell>
                    <TableCell>Plan</TableCell>
                    <TableCell>Status</TableCell>
                    <TableCell>Created</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {(users.data?.users ?? []).map((user) => (
                    <TableRow key={user.user_id} hover>
                      <TableCell>
                        <Link component={RouterLink} to={`/admin/users/${user.user_id}`}>
                          {user.email}
                        </Link>
                      </TableCell>
                      <TableCell sx={{ textTransform: 'capitalize' }}>{user.plan}</TableCell>
                      <TableCell>
                        <AccountChips account={user} />
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(user.created_at)}</TableCell>
                    </TableRow>
                  ))}
                  {users.data?.users.length === 0 && (
                    <TableRow>
                      <TableCell colSpan={4}>No account matches this search.</TableCell>
                    </TableRow>
                  )}
                </TableBody>
              </Table>
            </TableContainer>
            <TablePager
              count={users.data?.total ?? 0}
              page={page}
              pageSize={pageSize}
              setPage={setPage}
              setPageSize={setPageSize}
            />
          </>
        )}
      </Card>
    </>
  );
}
