import ContentCopy from '@mui/icons-material/ContentCopy';
import Button from '@mui/material/Button';
import { useEffect, useState } from 'react';

/** How long "Copied" stays on the button. */
const COPIED_MS = 2000;

/** Copies `text` to the clipboard; says so on the button (and to screen readers) for a moment. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), COPIED_MS);
    return () => clearTimeout(timer);
  }, [state]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  }

  return (
    <Button
      size="small"
      color="inherit"
      variant="outlined"
      startIcon={<ContentCopy />}
      onClick={copy}
      aria-live="polite"
    >
      {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed: select the text' : label}
    </Button>
  );
}
