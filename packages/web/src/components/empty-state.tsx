import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** What a list shows when it has nothing yet: a title, a hint and an optional action. */
export function EmptyState(props: { icon: ReactNode; title: string; hint: string; action?: ReactNode }) {
  return (
    <Box sx={{ textAlign: 'center', py: 6, px: 2, color: 'text.secondary' }}>
      <Box sx={{ fontSize: 48, lineHeight: 1, mb: 1.5, '& svg': { fontSize: 48 } }}>{props.icon}</Box>
      <Typography variant="h6" color="text.primary">
        {props.title}
      </Typography>
      <Typography sx={{ mt: 0.5 }}>{props.hint}</Typography>
      {props.action && <Box sx={{ mt: 2.5 }}>{props.action}</Box>}
    </Box>
  );
}
