import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CreditPack, Currency } from '@unnest/contracts';
import { priceText } from '../../lib/plan-limits';

/** Pay-per-use credit packs from the catalogue; `onBuy` (absent when buying is off) opens the purchase. */
export function CreditPacks(props: { packs: CreditPack[]; currency: Currency; onBuy?: (pack: CreditPack) => void }) {
  const { packs, currency, onBuy } = props;
  return (
    <Box
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' } }}
    >
      {packs.map((pack) => (
        <Card key={pack.id} sx={{ borderColor: pack.popular ? 'secondary.main' : undefined }}>
          <CardContent>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                {pack.name}
              </Typography>
              {pack.popular && <Chip label="Popular" color="secondary" size="small" />}
            </Stack>
            <Typography variant="h5" component="p">
              {priceText(pack.prices[currency], currency)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {pack.conversions} conversions · {priceText(pack.price_per_conversion[currency], currency)} each
            </Typography>
            {pack.savings_percent > 0 && (
              <Typography variant="body2" color="success.main" sx={{ mt: 0.5 }}>
                Save {pack.savings_percent}%
              </Typography>
            )}
            {onBuy && (
              <Button fullWidth variant="outlined" sx={{ mt: 2 }} onClick={() => onBuy(pack)}>
                Buy {pack.conversions} Credits
              </Button>
            )}
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}
