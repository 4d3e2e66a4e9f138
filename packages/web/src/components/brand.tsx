import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

/** The product mark and name, linking home. */
export function Brand() {
  return (
    <Box
      component={RouterLink}
      to="/"
      sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'inherit', textDecoration: 'none', minWidth: 0 }}
    >
      <Box component="img" src="/favicon.svg" alt="" sx={{ width: 28, height: 28, flexShrink: 0 }} />
      <Typography variant="h6" component="span" noWrap sx={{ fontWeight: 700 }}>
        Unnest
      </Typography>
      <Typography
        variant="body2"
        component="span"
        color="text.secondary"
        noWrap
        sx={{ display: { xs: 'none', md: 'inline' }, ml: 0.5 }}
      >
        Enterprise JSON to CSV
      </Typography>
    </Box>
  );
}
