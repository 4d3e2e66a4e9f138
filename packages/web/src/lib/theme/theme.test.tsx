import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import { ThemeProvider } from '@mui/material/styles';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CenteredSpinner } from '../../components/centered-spinner';
import { createAppTheme } from './theme';

afterEach(cleanup);

describe('the theme', () => {
  it.each(['light', 'dark'] as const)(
    'names every spinner and progress bar that names itself no better (%s)',
    (mode) => {
      render(
        <ThemeProvider theme={createAppTheme(mode)}>
          <CircularProgress />
          <LinearProgress />
          <CircularProgress aria-label="Analysing data.json" />
          <CenteredSpinner />
          <CenteredSpinner label="Redirecting..." />
        </ThemeProvider>,
      );
      const names = screen.getAllByRole('progressbar').map((bar) => bar.getAttribute('aria-label'));
      expect(names).toEqual(['Loading', 'Loading', 'Analysing data.json', 'Loading', 'Redirecting...']);
    },
  );

  it.each(['light', 'dark'] as const)(
    'draws the focus ring in the primary colour, clear of the control (%s)',
    (mode) => {
      const theme = createAppTheme(mode);
      const baseline = theme.components?.MuiCssBaseline?.styleOverrides;
      const rules = typeof baseline === 'function' ? baseline(theme) : baseline;
      expect(rules).toMatchObject({
        ':focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
      });
    },
  );
});
