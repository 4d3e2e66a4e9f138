import Button from '@mui/material/Button';
import type { Plan } from '@unnest/contracts';

/** A plan card's Upgrade to <plan> button, prominent on the popular plan. */
export function UpgradeButton({ plan, onClick }: { plan: Plan; onClick: () => void }) {
  return (
    <Button fullWidth variant={plan.popular ? 'contained' : 'outlined'} onClick={onClick}>
      Upgrade to {plan.name}
    </Button>
  );
}
