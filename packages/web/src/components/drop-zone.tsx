import UploadFile from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { type DragEvent, type KeyboardEvent, type ReactNode, useRef, useState } from 'react';

/** How files reached the zone: dropped on it, or chosen in the picker its button opens. */
export type DropSource = 'dropped' | 'selected';

/** The extensions a drop zone takes, as a person reads them: `.csv or .zip`. */
export function extensionsText(extensions: readonly string[]): string {
  return extensions.length < 2
    ? (extensions[0] ?? '')
    : `${extensions.slice(0, -1).join(', ')} or ${extensions[extensions.length - 1]}`;
}

/**
 * The one drop zone of the app: a dashed area taking files dropped on it or chosen with its button. Given a
 * `keyboardLabel`, the zone itself is a focusable group opening the picker on Enter or Space (its button
 * then leaves the tab order), so a keyboard reaches everything a mouse does.
 */
export function DropZone(props: {
  /** The extensions it takes (`.json`). */
  accept: readonly string[];
  /** Several files at once (otherwise the first one dropped). */
  multiple?: boolean;
  disabled: boolean;
  onFiles: (files: File[], source: DropSource) => void;
  /** The zone's first line: what to drop. */
  title: ReactNode;
  /** The line under it. */
  hint: ReactNode;
  buttonText: string;
  /** The hidden file input's test id (tests choose files through it). */
  inputTestId: string;
  keyboardLabel?: string;
}) {
  const { accept, multiple = false, disabled, onFiles, keyboardLabel } = props;
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  function drop(event: DragEvent) {
    event.preventDefault();
    setOver(false);
    const dropped = [...event.dataTransfer.files];
    if (!disabled && dropped.length > 0) onFiles(multiple ? dropped : dropped.slice(0, 1), 'dropped');
  }

  function keyDown(event: KeyboardEvent) {
    if (event.target !== event.currentTarget || disabled) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      input.current?.click();
    }
  }

  const focusable =
    keyboardLabel === undefined
      ? {}
      : { role: 'group', 'aria-label': keyboardLabel, 'aria-disabled': disabled, tabIndex: disabled ? -1 : 0 };
  return (
    <Box
      {...focusable}
      onKeyDown={keyboardLabel === undefined ? undefined : keyDown}
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: over ? 'primary.main' : 'divider',
        bgcolor: over ? 'action.hover' : 'transparent',
        borderRadius: 1,
        p: { xs: 3, sm: 4 },
        textAlign: 'center',
        transition: 'border-color 120ms, background-color 120ms',
        '&:focus-visible': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      <UploadFile color="action" sx={{ fontSize: 40 }} />
      <Typography sx={{ mt: 1 }}>{props.title}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {props.hint}
      </Typography>
      <Button
        variant="outlined"
        onClick={() => input.current?.click()}
        disabled={disabled}
        {...(keyboardLabel === undefined ? {} : { tabIndex: -1 })}
      >
        {props.buttonText}
      </Button>
      <input
        ref={input}
        type="file"
        multiple={multiple}
        accept={accept.join(',')}
        hidden
        data-testid={props.inputTestId}
        onChange={(event) => {
          const chosen = event.target.files ? [...event.target.files] : [];
          if (chosen.length > 0) onFiles(chosen, 'selected');
          event.target.value = '';
        }}
      />
    </Box>
  );
}
