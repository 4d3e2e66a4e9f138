import Search from '@mui/icons-material/Search';
import Card from '@mui/material/Card';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useDeferredValue, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../components/page-header';
import { PagedTable, usePaging } from '../components/paged-table';
import { QueryError } from '../components/query-error';
import { formatDateTime } from '../lib/format-date';
import { AccountChips } from './account-chips';
import { USERS_FALLBACK, useAdminUsers } from './api/get-admin-users';

/** /admin/users: accounts searched by e-mail, newest first. */
export default function AdminUsersPage() {
  const [search, setSearch] = useState('');
  // Typing does not send a request per key while the previous answer is still coming.
  const query = useDeferredValue(search);
  const paging = usePaging();
  const users = useAdminUsers(query, paging.page + 1, paging.pageSize);
  return (
    <>
      <PageHeader title="Users" subtitle="Search accounts by e-mail; open one to change its plan, credits or access." />
      <TextField
        label="Search by e-mail"
        type="search"
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
          paging.setPage(0);
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
        <PagedTable
          label="Accounts"
          columns={['E-mail', 'Plan', 'Status', 'Created']}
          minWidth={640}
          rows={users.data?.users ?? []}
          renderRow={(user) => (
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
          )}
          loading={users.isPending}
          skeletonLines={2}
          noRowText={users.data ? 'No account matches this search.' : undefined}
          paging={{ ...paging, count: users.data?.total ?? 0 }}
        />
      </Card>
    </>
  );
}
