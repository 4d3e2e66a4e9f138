import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { PageHeader } from '../components/page-header';
import { QueryError } from '../components/query-error';
import { formatDateTime } from '../lib/format-date';
import { useReceipt } from './api/get-payment-history';
import { TEST_MODE_LABEL } from './checkout-mode-notice';
import { moneyText, paymentStatusText } from './money-text';

/** One payment's receipt: amount, currency, date, item, order and payment ids, test mode where it was. */
export default function ReceiptPage() {
  const { id = '' } = useParams();
  const receipt = useReceipt(id);
  const r = receipt.data;
  const rows: [string, string][] = r
    ? [
        ['Item', r.item_name],
        ['Amount', `${moneyText(r.amount, r.currency)} (${r.currency})`],
        ...(r.regular_amount !== r.amount
          ? ([['Regular price', moneyText(r.regular_amount, r.currency)]] as [string, string][])
          : []),
        ['Date', formatDateTime(r.created_at)],
        ['Order', r.order_id],
        ['Payment', r.payment_id],
        ...(r.refunded_at
          ? ([['Refunded', `${moneyText(r.refunded_amount ?? 0, r.currency)} on ${formatDateTime(r.refunded_at)}`]] as [
              string,
              string,
            ][])
          : []),
      ]
    : [];
  return (
    <>
      <PageHeader
        title="Receipt"
        actions={
          <Button variant="outlined" component={RouterLink} to="/dashboard">
            Back to the dashboard
          </Button>
        }
      />
      {receipt.isPending && <Skeleton variant="rounded" height={240} />}
      {receipt.isError && (
        <QueryError
          error={receipt.error}
          fallback="Failed to load the receipt"
          onRetry={() => void receipt.refetch()}
        />
      )}
      {r && (
        <Card sx={{ maxWidth: 640 }}>
          <CardContent>
            <Stack spacing={1.5}>
              {r.test_mode && <Chip color="warning" label={TEST_MODE_LABEL} sx={{ alignSelf: 'flex-start' }} />}
              <Typography variant="h6" component="h2">
                Unnest · {paymentStatusText(r.status)}
              </Typography>
              <Stack component="dl" spacing={1} sx={{ m: 0 }}>
                {rows.map(([label, value]) => (
                  <Stack key={label} direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
                    <Typography component="dt" color="text.secondary" sx={{ minWidth: 140 }}>
                      {label}
                    </Typography>
                    <Typography component="dd" sx={{ m: 0, wordBreak: 'break-all' }}>
                      {value}
                    </Typography>
                  </Stack>
                ))}
              </Stack>
              <Button variant="outlined" onClick={() => window.print()} sx={{ alignSelf: 'flex-start' }}>
                Print
              </Button>
            </Stack>
          </CardContent>
        </Card>
      )}
    </>
  );
}
