import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const HEADER = `# Benchmarks

Figures from \`npm run bench\` (see README.md). Each section is rewritten by its benchmark; the
machine and the exact command are recorded with it. Compare figures of one run only: these
machines are noisy.
`;

export interface Section {
  name: string;
  title: string;
  description: string;
  machine: string;
  command: string;
  columns: string[];
  rows: string[][];
}

function render(section: Section): string {
  const table = [
    `| ${section.columns.join(' | ')} |`,
    `| ${section.columns.map(() => '---').join(' | ')} |`,
    ...section.rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');
  return [
    `<!-- bench:${section.name} -->`,
    `## ${section.title}`,
    '',
    section.description,
    '',
    `Machine: ${section.machine}. Date: ${new Date().toISOString().slice(0, 10)}. Command: \`${section.command}\`.`,
    '',
    table,
    `<!-- /bench:${section.name} -->`,
  ].join('\n');
}

/** Replaces the benchmark's own section in BENCHMARKS.md (or appends it), leaving the others. */
export function writeSection(file: string, section: Section): void {
  const current = existsSync(file) ? readFileSync(file, 'utf8') : HEADER;
  const block = render(section);
  const pattern = new RegExp(`<!-- bench:${section.name} -->[\\s\\S]*?<!-- /bench:${section.name} -->`);
  const next = pattern.test(current) ? current.replace(pattern, block) : `${current.trimEnd()}\n\n${block}\n`;
  writeFileSync(file, next);
}
