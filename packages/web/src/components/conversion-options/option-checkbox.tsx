import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Tooltip from '@mui/material/Tooltip';

/** A conversion option that is on or off: a labelled checkbox, its tooltip saying what it does. */
export function OptionCheckbox(props: {
  id?: string;
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled: boolean;
}) {
  const { id, label, hint, checked, onChange, disabled } = props;
  return (
    <Tooltip describeChild title={hint}>
      <FormControlLabel
        control={<Checkbox id={id} checked={checked} onChange={(event) => onChange(event.target.checked)} />}
        label={label}
        disabled={disabled}
      />
    </Tooltip>
  );
}
