import Close from '@mui/icons-material/Close';
import InsertDriveFile from '@mui/icons-material/InsertDriveFileOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { DropZone, extensionsText } from '../components/drop-zone';
import { formatBytes } from '../lib/format-size';

/** The converter's drop zone for one file; shows the chosen file with a way to remove it. */
export function FileDrop(props: {
  /** The extensions it takes (`.json`). */
  accept: readonly string[];
  file: File | null;
  onFile: (file: File | null) => void;
  disabled: boolean;
}) {
  const { accept, file, onFile, disabled } = props;
  if (file) {
    return (
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          p: 2,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'action.hover',
        }}
      >
        <InsertDriveFile color="primary" />
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Typography noWrap sx={{ fontWeight: 600 }} title={file.name}>
            {file.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {formatBytes(file.size)}
          </Typography>
        </Box>
        <IconButton aria-label="Remove file" onClick={() => onFile(null)} disabled={disabled}>
          <Close />
        </IconButton>
      </Box>
    );
  }
  return (
    <DropZone
      accept={accept}
      disabled={disabled}
      onFiles={([chosen]) => chosen && onFile(chosen)}
      title={
        <>
          Drop a <strong>{extensionsText(accept)}</strong> file here
        </>
      }
      hint="Big files are streamed to the server; the bar shows the upload."
      buttonText="Choose file"
      inputTestId="file-input"
    />
  );
}
