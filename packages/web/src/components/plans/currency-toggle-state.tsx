import Box from '@mui/material/Box';
import type { Currency } from '@unnest/contracts';
import { type ReactNode, useState } from 'react';
import { CurrencyToggle } from './currency-toggle';

/** A currency toggle above content priced in the chosen currency. */
export function CurrencyToggleState(props: { initial: Currency; children: (currency: Currency) => ReactNode }) {
  const [currency, setCurrency] = useState<Currency>(props.initial);
  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <CurrencyToggle value={currency} onChange={setCurrency} />
      </Box>
      {props.children(currency)}
    </>
  );
}
