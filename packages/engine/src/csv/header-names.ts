import type { Notice } from '../byte-source.js';

/**
 * Keeps repeated header names apart: the second `name` becomes `name_2`, the third `name_3`,
 * skipping any suffix that another header already uses. Each rename is reported.
 */
export function uniqueHeaderNames(names: readonly string[], onNotice?: (notice: Notice) => void): string[] {
  const taken = new Set(names);
  const seen = new Set<string>();
  return names.map((name) => {
    if (!seen.has(name)) {
      seen.add(name);
      return name;
    }
    let suffix = 2;
    while (taken.has(`${name}_${suffix}`)) suffix++;
    const renamed = `${name}_${suffix}`;
    taken.add(renamed);
    seen.add(renamed);
    onNotice?.({ kind: 'duplicate-header', name, renamedTo: renamed });
    return renamed;
  });
}
