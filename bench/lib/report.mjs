/**
 * Turns the measured runs into the Markdown report: one table per direction and the ratios the
 * issue targets (unnest against Miller, DuckDB and JSON.parse), all from the same run.
 */

const DIRECTION_TITLES = { json2csv: 'JSON → CSV', csv2json: 'CSV → JSON' };

/** Targets of issue 2, item 11, per case. */
const TARGETS = {
  'json2csv flat.json': { mbps: 150, miller: 5, duckdb: 1 },
  'json2csv flat.ndjson': { mbps: 150, miller: 5, duckdb: 1 },
  'json2csv nested.json': { mbps: 100, miller: 5, duckdb: 1 },
  'csv2json flat.csv': { mbps: 150, duckdb: 1.5 },
};

/** The median of a list of numbers (the mean of the middle two for an even count). */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Median speed, peak memory and CPU use of one tool on one case, or null without a good run. */
export function summarize(result) {
  if (result.runs.length === 0) return null;
  const seconds = median(result.runs.map((r) => r.seconds));
  return {
    seconds,
    mbps: result.bytes / 1e6 / Math.max(seconds, 0.005),
    rssMb: Math.max(...result.runs.map((r) => r.rssMb)),
    cpuRatio: median(result.runs.map((r) => r.cpuSeconds)) / Math.max(seconds, 0.005),
  };
}

/** The "Correct?" cell: ✓, or what failed. */
export function verdictOf(result) {
  if (result.unavailable) return result.unavailable;
  if (result.failure) return `✗ ${result.failure}`;
  if (result.reference) return '— (reference)';
  if (!result.check) return '?';
  return result.check.failures.length === 0 ? '✓' : `✗ ${result.check.failures.join('; ')}`;
}

const fixed = (n, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '—');
const escapeCell = (text) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

function directionTable(results, direction) {
  const rows = results.filter((r) => r.direction === direction);
  if (rows.length === 0) return [];
  const lines = [
    `### ${DIRECTION_TITLES[direction]}`,
    '',
    '| Data set | Tool | MB/s (median) | Peak RSS MB | CPU ÷ wall | Correct? | Notes |',
    '|---|---|--:|--:|--:|---|---|',
  ];
  for (const result of rows) {
    const summary = summarize(result);
    const verdict = escapeCell(verdictOf(result));
    const notes = escapeCell(result.check?.notes.join('; ') ?? '');
    const speed = summary ? fixed(summary.mbps, 1) : '—';
    // A failed run's peak still says how much memory the tool took before it failed.
    const rss = summary ? fixed(summary.rssMb) : result.failedRun ? `${fixed(result.failedRun.rssMb)} (failed)` : '—';
    const cpu = summary ? fixed(summary.cpuRatio, 2) : '—';
    lines.push(`| ${result.caseName} | ${result.tool} | ${speed} | ${rss} | ${cpu} | ${verdict} | ${notes} |`);
  }
  lines.push('');
  return lines;
}

function ratio(ours, theirs) {
  if (!ours || !theirs) return null;
  // Speed ratio, as MB/s over the same input file.
  return ours.mbps / theirs.mbps;
}

function ratioCell(value, target) {
  if (value === null) return '—';
  if (target === undefined) return `${value.toFixed(2)}×`;
  return `${value.toFixed(2)}× ${value >= target ? '✓' : `✗ (target ≥ ${target}×)`}`;
}

/** The result of one tool on one case, or undefined. */
function findResult(results, direction, caseName, tool) {
  return results.find((r) => r.direction === direction && r.caseName === caseName && r.tool === tool);
}

function ratioTable(results) {
  const find = (direction, caseName, tool) => findResult(results, direction, caseName, tool);
  const lines = [
    '### unnest against the targets (issue 2, item 11; same run)',
    '',
    '| Case | unnest MB/s | Target MB/s | ÷ Miller | ÷ DuckDB (1 thread, best variant) | vs JSON.parse | unnest correct? |',
    '|---|--:|--:|---|---|---|---|',
  ];
  for (const [key, target] of Object.entries(TARGETS)) {
    const [direction, caseName] = key.split(' ');
    const unnest = find(direction, caseName, 'unnest');
    if (!unnest) continue;
    const ours = summarize(unnest);
    const miller = summarize(find(direction, caseName, 'Miller') ?? { runs: [] });
    // DuckDB's best figure: the fastest of its variants that completed.
    const duckdb =
      results
        .filter((r) => r.direction === direction && r.caseName === caseName && r.tool.startsWith('DuckDB'))
        .map(summarize)
        .filter(Boolean)
        .sort((a, b) => b.mbps - a.mbps)[0] ?? null;
    // CSV cannot be JSON.parse'd: CSV → JSON is held against JSON.parse of the same records as JSON.
    const parseCase = direction === 'csv2json' ? 'flat.json' : caseName;
    const parsed = summarize(find('json2csv', parseCase, 'JSON.parse (ref)') ?? { runs: [] });
    const speedup = ours && parsed ? parsed.seconds / ours.seconds : null;
    const versus =
      speedup === null ? '—' : `${ratioCell(speedup, 1)}${parseCase === caseName ? '' : ' (time, vs flat.json)'}`;
    const speed = ours ? `${fixed(ours.mbps, 1)} ${ours.mbps >= target.mbps ? '✓' : '✗'}` : '—';
    lines.push(
      `| ${DIRECTION_TITLES[direction]} ${caseName} | ${speed} | ${target.mbps} | ${ratioCell(ratio(ours, miller), target.miller)} | ${ratioCell(ratio(ours, duckdb), target.duckdb)} | ${versus} | ${escapeCell(verdictOf(unnest))} |`,
    );
  }
  lines.push('');
  return lines;
}

/** unnest, on one thread and on every core, against a bare loop over the same file's bytes (issue 27). */
function byteLoopTable(results) {
  const find = (direction, caseName, tool) => findResult(results, direction, caseName, tool);
  const lines = [
    '### unnest against the byte loop (issue 27: 0.6 or better; same run)',
    '',
    '| Case | byte loop MB/s | unnest, 1 thread MB/s | ÷ byte loop | unnest, all cores MB/s | ÷ byte loop |',
    '|---|--:|--:|--:|--:|--:|',
  ];
  for (const key of Object.keys(TARGETS)) {
    const [direction, caseName] = key.split(' ');
    const loop = summarize(find(direction, caseName, 'byte loop (ref)') ?? { runs: [] });
    const single = summarize(find(direction, caseName, 'unnest, 1 thread') ?? { runs: [] });
    const cores = summarize(find(direction, caseName, 'unnest') ?? { runs: [] });
    if (!loop || (!single && !cores)) continue;
    const cell = (ours) => (ours ? `${fixed(ours.mbps, 1)} | ${fixed(ratio(ours, loop), 2)}` : '— | —');
    lines.push(
      `| ${DIRECTION_TITLES[direction]} ${caseName} | ${fixed(loop.mbps, 1)} | ${cell(single)} | ${cell(cores)} |`,
    );
  }
  lines.push('');
  return lines;
}

/** The whole Markdown report. */
export function renderReport({ results, context }) {
  return [
    `## Benchmark ${context.date}`,
    '',
    ...context.lines.map((l) => `- ${l}`),
    '',
    ...directionTable(results, 'json2csv'),
    ...directionTable(results, 'csv2json'),
    ...ratioTable(results),
    ...byteLoopTable(results),
  ].join('\n');
}
