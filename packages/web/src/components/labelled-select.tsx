import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';

/** One choice of a drop-down; a choice may be shown but disabled (a format the plan lacks). */
export interface SelectOption<T extends string | number> {
  value: T;
  label: string;
  disabled?: boolean;
}

/** A labelled drop-down of fixed choices. Values may be numbers; the menu holds them as text. */
export function LabelledSelect<T extends string | number>(props: {
  id: string;
  label: string;
  value: T;
  options: readonly SelectOption<T>[];
  onChange: (value: T) => void;
  disabled?: boolean;
  fullWidth?: boolean;
  minWidth?: number;
}) {
  const { id, label, value, options, onChange, minWidth } = props;
  return (
    <FormControl
      size="small"
      fullWidth={props.fullWidth}
      disabled={props.disabled}
      sx={minWidth === undefined ? undefined : { minWidth }}
    >
      <InputLabel id={`${id}-label`}>{label}</InputLabel>
      <Select
        id={id}
        labelId={`${id}-label`}
        label={label}
        value={String(value)}
        onChange={(event) => {
          const picked = options.find((option) => String(option.value) === event.target.value);
          if (picked) onChange(picked.value);
        }}
      >
        {options.map((option) => (
          <MenuItem key={String(option.value)} value={String(option.value)} disabled={option.disabled}>
            {option.label}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
