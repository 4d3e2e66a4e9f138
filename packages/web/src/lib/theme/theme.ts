import { createTheme, type Theme } from '@mui/material/styles';

/** Light or dark: the two palettes the app has. */
export type ColorMode = 'light' | 'dark';

// The system font stack: nothing to download, and it matches the reader's platform.
const FONT_FAMILY =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"';
// Monospace for data (previews, pasted text, file names): read as `fontFamily: 'fontFamilyMonospace'` in sx.
const MONOSPACE_FONT_FAMILY = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';

declare module '@mui/material/styles' {
  interface TypographyVariants {
    fontFamilyMonospace: string;
  }
  interface TypographyVariantsOptions {
    fontFamilyMonospace?: string;
  }
}

/** The keyboard focus ring of every control. */
function focusRing(theme: Theme) {
  return { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 };
}

/** The MUI theme of spec section 9: primary blue, secondary purple, off-white background, radius 8. */
export function createAppTheme(mode: ColorMode): Theme {
  const light = mode === 'light';
  return createTheme({
    breakpoints: { values: { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } },
    shape: { borderRadius: 8 },
    palette: {
      mode,
      primary: { main: light ? '#1f5fd1' : '#7aa7ff' },
      secondary: { main: light ? '#7c3aed' : '#b69cff' },
      // WCAG AA for white text on filled chips and buttons: MUI's light info (#0288d1) and warning
      // (#ed6c02) reach 3.9:1 and 3.1:1, these darker shades 5.9:1 and 5.0:1. In the dark theme the
      // error red (#f44336, 3.7:1 with white) is lightened so MUI puts dark text on it (7:1).
      ...(light ? { info: { main: '#0369a1' }, warning: { main: '#b45309' } } : { error: { main: '#f87171' } }),
      background: light ? { default: '#f6f7f9', paper: '#ffffff' } : { default: '#0f1217', paper: '#171b22' },
      divider: light ? 'rgba(15, 23, 42, 0.1)' : 'rgba(226, 232, 240, 0.12)',
      text: light ? { primary: '#111827', secondary: '#4b5563' } : { primary: '#e5e7eb', secondary: '#9ca3af' },
    },
    typography: {
      fontFamily: FONT_FAMILY,
      fontFamilyMonospace: MONOSPACE_FONT_FAMILY,
      h4: { fontWeight: 700, letterSpacing: '-0.01em' },
      h5: { fontWeight: 700 },
      h6: { fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
      MuiPaper: { defaultProps: { elevation: 0 }, styleOverrides: { root: { backgroundImage: 'none' } } },
      MuiCard: { defaultProps: { variant: 'outlined' } },
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiTableCell: { styleOverrides: { head: { fontWeight: 600 } } },
      MuiAlert: { defaultProps: { closeText: 'Close' } },
      // WCAG 2.2 AA: an unselected toggle's default grey reads at 4.49:1 on the page background.
      MuiToggleButton: { styleOverrides: { root: ({ theme }) => ({ color: theme.palette.text.secondary }) } },
      // A table that scrolls sideways on a phone must be reachable by keyboard (WCAG 2.1.1).
      MuiTableContainer: { defaultProps: { tabIndex: 0 } },
      // Every keyboard focus shows the same ring (WCAG 2.4.7): the primary colour, 5:1 or more against
      // both themes' backgrounds and papers (1.4.11 asks 3:1), kept clear of the control by an offset
      // so a filled button's own colour never hides it. Native elements and links take it from the
      // baseline; MUI's buttons reset `outline` on their root, so they take it from ButtonBase.
      MuiCssBaseline: { styleOverrides: (theme) => ({ ':focus-visible': focusRing(theme) }) },
      MuiButtonBase: { styleOverrides: { root: ({ theme }) => ({ '&.Mui-focusVisible': focusRing(theme) }) } },
      // Menu and list rows fill their scrolling container, which would clip a ring drawn outside them.
      MuiMenuItem: { styleOverrides: { root: { '&.Mui-focusVisible': { outlineOffset: -2 } } } },
      MuiListItemButton: { styleOverrides: { root: { '&.Mui-focusVisible': { outlineOffset: -2 } } } },
      // A spinner is a progressbar to assistive technology, and one without a name fails WCAG 4.1.2:
      // those that say nothing more specific are named by this.
      MuiCircularProgress: { defaultProps: { 'aria-label': 'Loading' } },
      MuiLinearProgress: { defaultProps: { 'aria-label': 'Loading' } },
    },
  });
}
