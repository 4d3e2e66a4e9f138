import Check from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Currency, Plan } from '@unnest/contracts';
import type { ReactNode } from 'react';
import { priceText } from '../../lib/plan-limits';

/** How many features a card lists before '+ N more' (spec section 9). */
const FEATURES_SHOWN = 4;

function PlanPrice({ plan, currency, discounted }: { plan: Plan; currency: Currency; discounted: boolean }) {
  if (plan.prices === null) {
    return (
      <Typography variant="h4" component="p">
        Custom
      </Typography>
    );
  }
  const regular = plan.prices[currency];
  // The first-50 discount is quoted by the server in INR; other currencies show the regular price.
  const now = discounted && currency === 'INR' && plan.price !== null ? plan.price : regular;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
      <Typography variant="h4" component="p">
        {priceText(now, currency)}
      </Typography>
      {regular > 0 && <Typography color="text.secondary">/ month</Typography>}
      {now < regular && (
        <Typography color="text.secondary" sx={{ textDecoration: 'line-through' }}>
          {priceText(regular, currency)}
        </Typography>
      )}
    </Stack>
  );
}

/**
 * The plan catalogue as cards; `action` renders each card's button. `firstMonthDiscount` says, per
 * plan, whether the first-50 price is shown (for a signed-in account the server says; signed out, the
 * offer's price is shown while it lasts).
 */
export function PlanCards(props: {
  plans: Plan[];
  currency: Currency;
  action: (plan: Plan) => ReactNode;
  current?: string;
  firstMonthDiscount?: (plan: Plan) => boolean;
}) {
  const { plans, currency, action, current, firstMonthDiscount = () => true } = props;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        // Five cards side by side only where each still has room for its price and button.
        gridTemplateColumns: {
          xs: '1fr',
          sm: 'repeat(2, 1fr)',
          md: 'repeat(3, 1fr)',
          xl: `repeat(${Math.min(plans.length, 5)}, 1fr)`,
        },
      }}
    >
      {plans.map((plan) => {
        const more = plan.features.length - FEATURES_SHOWN;
        return (
          <Card
            key={plan.id}
            sx={{
              display: 'flex',
              flexDirection: 'column',
              borderColor: plan.popular ? 'primary.main' : undefined,
              borderWidth: plan.popular ? 2 : 1,
            }}
          >
            <CardContent sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
              <Stack direction="row" sx={{ alignItems: 'center', minHeight: 28, flexWrap: 'wrap', gap: 1 }}>
                <Typography variant="h6" component="h3">
                  {plan.name}
                </Typography>
                {plan.popular && <Chip label="MOST POPULAR" color="primary" size="small" />}
                {current === plan.id && <Chip label="Current plan" size="small" variant="outlined" />}
              </Stack>
              <PlanPrice plan={plan} currency={currency} discounted={firstMonthDiscount(plan)} />
              <Stack component="ul" spacing={0.75} sx={{ listStyle: 'none', p: 0, m: 0, flexGrow: 1 }}>
                {plan.features.slice(0, FEATURES_SHOWN).map((feature) => (
                  <Stack component="li" key={feature} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                    <Check fontSize="small" color="success" sx={{ mt: '2px' }} />
                    <Typography variant="body2">{feature}</Typography>
                  </Stack>
                ))}
                {more > 0 && (
                  <Typography component="li" variant="body2" color="text.secondary" sx={{ pl: 3.5 }}>
                    + {more} more
                  </Typography>
                )}
              </Stack>
              <Box sx={{ pt: 1 }}>{action(plan)}</Box>
            </CardContent>
          </Card>
        );
      })}
    </Box>
  );
}
