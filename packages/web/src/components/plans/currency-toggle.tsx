import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { CURRENCIES, type Currency } from '@unnest/contracts';

/** Chooses the currency prices are shown in. */
export function CurrencyToggle({ value, onChange }: { value: Currency; onChange: (currency: Currency) => void }) {
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={value}
      onChange={(_, next: Currency | null) => next && onChange(next)}
      aria-label="Currency"
    >
      {CURRENCIES.map((currency) => (
        <ToggleButton key={currency} value={currency} sx={{ px: 2 }}>
          {currency}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
