import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import type { FlattenPlanResponse } from '@unnest/contracts';
import { formatCount } from '../lib/format-count';

/** The choice a wide input gets up front: apply the proposal, or convert plainly (a column per path). */
export function WideTableChoice(props: {
  response: FlattenPlanResponse;
  used: boolean;
  onUsed: (used: boolean) => void;
  disabled: boolean;
}) {
  const { before, after } = props.response.columns;
  return (
    <Alert severity="info" aria-labelledby="wide-table-title">
      <Typography id="wide-table-title" variant="body2" sx={{ fontWeight: 600 }}>
        The plain table would have {formatCount(before)} columns. Unnest proposes a flattening plan: about{' '}
        {formatCount(after)}.
      </Typography>
      <RadioGroup
        aria-labelledby="wide-table-title"
        value={props.used ? 'plan' : 'plain'}
        onChange={(event) => props.onUsed(event.target.value === 'plan')}
      >
        <FormControlLabel
          value="plan"
          control={<Radio size="small" />}
          label={`Apply the proposed plan (about ${formatCount(after)} columns; each path's reason below)`}
          disabled={props.disabled}
        />
        <FormControlLabel
          value="plain"
          control={<Radio size="small" />}
          label={`Convert plainly (${formatCount(before)} columns)`}
          disabled={props.disabled}
        />
      </RadioGroup>
    </Alert>
  );
}
