import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import { settingsQuery } from '../api/get-settings';
import { useUpdateSettings } from '../api/update-settings';
import { getSession, subscribeSession } from '../session-store';
import { type ColorMode, createAppTheme } from './theme';

/** Local-storage key of the theme while signed out (spec section 9). */
export const THEME_STORAGE_KEY = 'theme';

/** What the user chose: a fixed mode, or 'auto' to follow the system. */
export type ThemePreference = ColorMode | 'auto';

interface ThemeModeValue {
  mode: ColorMode;
  preference: ThemePreference;
  /** Signed in: saves the account's setting; signed out: this browser's. Applies at once. */
  setPreference: (preference: ThemePreference) => void;
  toggle: () => void;
}

const ThemeModeContext = createContext<ThemeModeValue | null>(null);

function preferenceFrom(value: string | null): ThemePreference {
  return value === 'dark' || value === 'auto' ? value : 'light';
}

function storedPreference(): ThemePreference {
  return preferenceFrom(localStorage.getItem(THEME_STORAGE_KEY));
}

/** This browser's theme (its own while signed out, a copy of the account's while signed in). */
function useBrowserPreference(): [ThemePreference, (next: ThemePreference) => void] {
  const [preference, setPreferenceState] = useState<ThemePreference>(storedPreference);
  const save = useCallback((next: ThemePreference) => {
    localStorage.setItem(THEME_STORAGE_KEY, next);
    setPreferenceState(next);
  }, []);
  return [preference, save];
}

/**
 * The signed-in account's theme: its saved setting (the settings query Settings reads too), saving a
 * new one (shown at once, put back if the server refuses it), and taking one another tab saved.
 * Undefined until the settings arrive.
 */
function useAccountPreference(signedIn: boolean) {
  const queryClient = useQueryClient();
  const settings = useQuery({ ...settingsQuery, enabled: signedIn });
  const { mutate } = useUpdateSettings();
  const show = useCallback(
    (next: ThemePreference) => {
      const before = queryClient.getQueryData(settingsQuery.queryKey);
      if (before) queryClient.setQueryData(settingsQuery.queryKey, { ...before, theme: next });
      return before;
    },
    [queryClient],
  );
  const save = useCallback(
    (next: ThemePreference) => {
      const before = show(next);
      mutate({ theme: next }, { onError: () => before && queryClient.setQueryData(settingsQuery.queryKey, before) });
    },
    [queryClient, mutate, show],
  );
  return { preference: signedIn ? settings.data?.theme : undefined, save, show };
}

/**
 * Provides the MUI theme and the light/dark choice, from one source: signed in, the account's setting
 * (Settings -> Theme and the top-bar switch both write it); signed out, this browser's. While signed
 * in, the browser keeps a copy of the account's theme, so the next visit starts in it without a flash
 * and other tabs follow a change at once (through the `storage` event).
 */
export function ThemeModeProvider({ children }: { children: ReactNode }) {
  const signedIn = useSyncExternalStore(subscribeSession, getSession) !== null;
  const [browserPreference, saveBrowserPreference] = useBrowserPreference();
  const account = useAccountPreference(signedIn);
  const accountPreference = account.preference;
  const showAccountPreference = account.show;
  useEffect(() => {
    if (accountPreference !== undefined) saveBrowserPreference(accountPreference);
  }, [accountPreference, saveBrowserPreference]);
  // Another tab changed the theme: it saved it already (to the account, or to this browser).
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== THEME_STORAGE_KEY) return;
      const next = preferenceFrom(event.newValue);
      saveBrowserPreference(next);
      if (signedIn) showAccountPreference(next);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [signedIn, saveBrowserPreference, showAccountPreference]);
  const preference = accountPreference ?? browserPreference;
  const systemDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  const mode: ColorMode = preference === 'auto' ? (systemDark ? 'dark' : 'light') : preference;
  const setPreference = signedIn ? account.save : saveBrowserPreference;
  const toggle = useCallback(() => setPreference(mode === 'dark' ? 'light' : 'dark'), [mode, setPreference]);
  const theme = useMemo(() => createAppTheme(mode), [mode]);
  const value = useMemo(() => ({ mode, preference, setPreference, toggle }), [mode, preference, setPreference, toggle]);
  return (
    <ThemeModeContext.Provider value={value}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </ThemeModeContext.Provider>
  );
}

/** The current colour mode and the ways to change it. */
export function useThemeMode(): ThemeModeValue {
  const value = useContext(ThemeModeContext);
  if (!value) throw new Error('useThemeMode must be used inside ThemeModeProvider');
  return value;
}
