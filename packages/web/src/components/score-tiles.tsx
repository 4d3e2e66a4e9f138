import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { qualityScoreBand } from '@unnest/contracts';
import type { ReactNode } from 'react';

/** What a score that had nothing to count (0/0) says instead of a number. */
export const NOTHING_TO_COMPARE = 'Nothing to compare';

/** A score as the analysis screens write it: "98.5%", or that there was nothing to compare. */
export function formatScore(score: number | null): string {
  return score === null ? NOTHING_TO_COMPARE : `${score.toFixed(1)}%`;
}

/**
 * One score of a comparison (the converter's comparison and the batch's quality analysis): its label
 * (with an optional icon), the score in its quality band's colour, what it measures and an optional chip.
 */
export function ScoreTile(props: {
  label: string;
  score: number | null;
  caption: string;
  icon?: ReactNode;
  chip?: ReactNode;
}) {
  const color = props.score === null ? 'text.secondary' : `${qualityScoreBand(props.score)}.main`;
  return (
    <Box
      role="group"
      aria-label={props.label}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, display: 'flex', flexDirection: 'column' }}
    >
      <Typography variant="caption" color="text.secondary" sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }}>
        {props.label}
        {props.icon}
      </Typography>
      <Typography variant={props.score === null ? 'h6' : 'h5'} component="p" sx={{ color }}>
        {formatScore(props.score)}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {props.caption}
      </Typography>
      {props.chip}
    </Box>
  );
}

/** The grid the score tiles of one analysis sit in. */
export function ScoreTiles({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))' }}>
      {children}
    </Box>
  );
}
