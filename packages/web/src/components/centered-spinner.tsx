import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/** A spinner with a short text, centred in its area (or the whole screen); without a text it is named "Loading". */
export function CenteredSpinner({ label, fullScreen = false }: { label?: string; fullScreen?: boolean }) {
  return (
    <Box
      role="status"
      sx={{
        minHeight: fullScreen ? '100vh' : 240,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
      }}
    >
      <CircularProgress size={32} aria-label={label ?? 'Loading'} />
      {label && <Typography color="text.secondary">{label}</Typography>}
    </Box>
  );
}
