import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { useId } from 'react';

/** One notification switch with the sentence saying what it rules, read out with it. */
export function NotificationSwitch(props: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  help: string;
}) {
  const helpId = useId();
  return (
    <div>
      <FormControlLabel
        control={
          <Switch
            checked={props.checked}
            onChange={(event) => props.onChange(event.target.checked)}
            slotProps={{ input: { 'aria-describedby': helpId } }}
          />
        }
        label={props.label}
      />
      <FormHelperText id={helpId} sx={{ mt: -0.5, ml: 6 }}>
        {props.help}
      </FormHelperText>
    </div>
  );
}
