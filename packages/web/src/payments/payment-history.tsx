import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { QueryError } from '../components/query-error';
import { formatDateTime } from '../lib/format-date';
import { usePaymentHistory } from './api/get-payment-history';
import { moneyText, paymentStatusText } from './money-text';

/** The account's payments with a link to each receipt. */
export function PaymentHistory() {
  const history = usePaymentHistory();
  if (history.isError) {
    return (
      <QueryError
        error={history.error}
        fallback="Failed to load payment history"
        onRetry={() => void history.refetch()}
      />
    );
  }
  const payments = history.data?.payments ?? [];
  if (history.data && payments.length === 0) {
    return <Typography color="text.secondary">No payments yet.</Typography>;
  }
  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }} tabIndex={0}>
      <Table size="small" aria-label="Payment history">
        <TableHead>
          <TableRow>
            <TableCell>Date</TableCell>
            <TableCell>Item</TableCell>
            <TableCell>Amount</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Receipt</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {payments.map((payment) => (
            <TableRow key={payment.id}>
              <TableCell>{formatDateTime(payment.created_at)}</TableCell>
              <TableCell>
                {payment.item_name}
                {payment.test_mode ? ' (test mode)' : ''}
              </TableCell>
              <TableCell>{moneyText(payment.amount, payment.currency)}</TableCell>
              <TableCell>{paymentStatusText(payment.status)}</TableCell>
              <TableCell>
                <Link component={RouterLink} to={`/payments/receipts/${payment.id}`}>
                  View receipt
                </Link>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
