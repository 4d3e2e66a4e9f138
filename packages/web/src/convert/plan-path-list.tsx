import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FlattenPlanDocument } from '@unnest/contracts';
import { LabelledSelect } from '../components/labelled-select';
import { strategiesFor, withStrategy } from './plan-editing';

/** The plan's paths, each with its strategy to choose and the reason the proposal gave for it. */
export function PlanPathList(props: {
  plan: FlattenPlanDocument;
  /** The plan as proposed (its reasons). */
  proposed: FlattenPlanDocument;
  onPlan: (plan: FlattenPlanDocument) => void;
  disabled: boolean;
}) {
  const { plan, proposed, onPlan, disabled } = props;
  return (
    <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Strategies per path">
      {plan.paths.map((entry, index) => (
        <Box component="li" key={entry.path} sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <LabelledSelect
            id={`plan-strategy-${index}`}
            label={`Strategy for ${entry.path}`}
            value={entry.strategy}
            options={strategiesFor(plan, entry.path)}
            onChange={(strategy) => onPlan(withStrategy(plan, entry.path, strategy))}
            disabled={disabled}
            minWidth={260}
          />
          <Box sx={{ flex: '1 1 280px', minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontFamily: 'fontFamilyMonospace', wordBreak: 'break-all' }}>
              {entry.path}
            </Typography>
            {proposed.paths[index]?.reason && (
              <Typography variant="body2" color="text.secondary">
                {proposed.paths[index]?.reason}
              </Typography>
            )}
          </Box>
        </Box>
      ))}
    </Stack>
  );
}
