/** One error log line as pino wrote it (already passed through the logger's redaction). */
export interface ErrorLogLine {
  time: Date;
  level: 'error' | 'fatal';
  line: string;
}

const ERROR_LEVEL = 50;
const FATAL_LEVEL = 60;

/**
 * The last `capacity` error records of this process, kept in memory for the admins' debug page
 * (`/api/debug/logs`). It sees every line the logger writes and keeps the error and fatal ones.
 */
export class RecentErrors {
  private readonly lines: ErrorLogLine[] = [];

  constructor(private readonly capacity = 100) {}

  /** Looks at one written log line (JSON); keeps it when its level is error or fatal. */
  observe(line: string): void {
    // Cheap test first: most lines are info and need no parsing.
    if (!line.includes('"level":50') && !line.includes('"level":60')) return;
    let record: { level?: unknown; time?: unknown };
    try {
      record = JSON.parse(line) as { level?: unknown; time?: unknown };
    } catch {
      return;
    }
    if (record.level !== ERROR_LEVEL && record.level !== FATAL_LEVEL) return;
    const time = typeof record.time === 'number' ? new Date(record.time) : new Date();
    this.lines.push({ time, level: record.level === FATAL_LEVEL ? 'fatal' : 'error', line: line.trimEnd() });
    if (this.lines.length > this.capacity) this.lines.shift();
  }

  /** Newest first. */
  list(): ErrorLogLine[] {
    return [...this.lines].reverse();
  }

  get size(): number {
    return this.lines.length;
  }
}
