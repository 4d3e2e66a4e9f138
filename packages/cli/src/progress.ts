/** Draws a one-line progress bar on a terminal; silent unless enabled. */
export interface Progress {
  update(bytesRead: number): void;
  /** Clears the bar so the next line starts clean. */
  finish(): void;
}

const REDRAW_MS = 100;
const BAR_WIDTH = 24;

function formatBytes(bytes: number): string {
  if (bytes >= 1e9) return `${(bytes / 1e9).toFixed(2)} GB`;
  if (bytes >= 1e6) return `${(bytes / 1e6).toFixed(1)} MB`;
  return `${(bytes / 1e3).toFixed(0)} kB`;
}

/** A bar for `totalBytes` of input written to `write` (standard error), redrawn at most ten times a second. */
export function createProgress(totalBytes: number, write: (text: string) => void, now = () => Date.now()): Progress {
  const started = now();
  let lastDraw = 0;
  let drawn = false;
  const draw = (bytesRead: number) => {
    const fraction = totalBytes > 0 ? Math.min(1, bytesRead / totalBytes) : 1;
    const filled = Math.round(fraction * BAR_WIDTH);
    const seconds = Math.max(0.001, (now() - started) / 1000);
    const rate = bytesRead / seconds;
    const eta = rate > 0 ? Math.ceil((totalBytes - bytesRead) / rate) : 0;
    const bar = `${'█'.repeat(filled)}${'░'.repeat(BAR_WIDTH - filled)}`;
    const line = `${bar} ${String(Math.floor(fraction * 100)).padStart(3)}%  ${formatBytes(bytesRead)} / ${formatBytes(totalBytes)}  ${formatBytes(rate)}/s  ETA ${eta}s`;
    write(`\r${line}\x1b[K`);
    drawn = true;
  };
  return {
    update(bytesRead) {
      const time = now();
      if (time - lastDraw < REDRAW_MS && bytesRead < totalBytes) return;
      lastDraw = time;
      draw(bytesRead);
    },
    finish() {
      if (drawn) write('\r\x1b[K');
    },
  };
}

/** A progress that draws nothing (pipes, small inputs, --quiet). */
export const silentProgress: Progress = { update() {}, finish() {} };
