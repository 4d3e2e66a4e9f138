import MailOutlined from '@mui/icons-material/MailOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Plan } from '@unnest/contracts';

/** The e-mail Contact Sales opens: to the server's sales address, about this plan. */
export function salesMailto(email: string, plan: Pick<Plan, 'name'>): string {
  return `mailto:${email}?subject=${encodeURIComponent(`Unnest ${plan.name} plan`)}`;
}

/**
 * A plan card's action for a plan priced on request (Enterprise): Contact Sales, an e-mail to the
 * server's sales address (SALES_EMAIL), or the words alone where the server names none.
 */
export function PricedOnRequest({ plan, salesEmail }: { plan: Plan; salesEmail: string | null }) {
  return (
    <Stack spacing={1}>
      <Typography color="text.secondary">Priced on request</Typography>
      {salesEmail && (
        <Button fullWidth variant="outlined" startIcon={<MailOutlined />} href={salesMailto(salesEmail, plan)}>
          Contact Sales
        </Button>
      )}
    </Stack>
  );
}
