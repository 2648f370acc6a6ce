/**
 * The soak's picture: latency per time bucket and resident memory over the run, drawn as SVG and turned
 * into a PNG by the Chromium infra/local provides (CHROMIUM_BIN), so no charting package is needed.
 */
import { writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import type { MemorySample } from './memory';

export interface LatencyPoint {
  /** Seconds since the load started (the bucket's middle). */
  at: number;
  p95: number;
  p99: number;
}

interface Series {
  name: string;
  color: string;
  points: Array<[number, number]>;
}

const WIDTH = 900;
const PANEL = 260;
const MARGIN = { left: 70, right: 160, top: 40, bottom: 40 };
const COLORS = ['#2563eb', '#dc2626', '#16a34a', '#9333ea', '#ea580c', '#0891b2'];

function panel(
  title: string,
  unit: string,
  series: Series[],
  top: number,
  xMax: number,
  limits: readonly number[] = [],
): string {
  const values = series.flatMap((line) => line.points.map(([, y]) => y)).concat(limits);
  const yMax = Math.max(1, ...values) * 1.1;
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const x = (seconds: number) => MARGIN.left + (seconds / Math.max(1, xMax)) * plotWidth;
  const y = (value: number) => top + PANEL - (value / yMax) * PANEL;
  const grid = [0, 0.25, 0.5, 0.75, 1]
    .map((share) => {
      const value = yMax * share;
      return `<line x1="${MARGIN.left}" x2="${MARGIN.left + plotWidth}" y1="${y(value)}" y2="${y(value)}" stroke="#e5e7eb"/>
<text x="${MARGIN.left - 8}" y="${y(value) + 4}" text-anchor="end" font-size="11">${value.toFixed(0)}</text>`;
    })
    .join('\n');
  const minutes = Array.from({ length: Math.floor(xMax / 60) + 1 }, (_, minute) => minute)
    .map(
      (minute) =>
        `<text x="${x(minute * 60)}" y="${top + PANEL + 16}" text-anchor="middle" font-size="11">${minute}m</text>`,
    )
    .join('\n');
  const lines = series
    .map(
      (line, index) =>
        `<polyline fill="none" stroke="${line.color}" stroke-width="2" points="${line.points
          .map(([px, py]) => `${x(px).toFixed(1)},${y(py).toFixed(1)}`)
          .join(' ')}"/>
<text x="${WIDTH - MARGIN.right + 10}" y="${top + 14 + index * 16}" font-size="12" fill="${line.color}">${line.name}</text>`,
    )
    .join('\n');
  const limitLine = limits
    .map(
      (limit) =>
        `<line x1="${MARGIN.left}" x2="${MARGIN.left + plotWidth}" y1="${y(limit)}" y2="${y(limit)}" stroke="#111827" stroke-dasharray="4 4"/>`,
    )
    .join('\n');
  return `<text x="${MARGIN.left}" y="${top - 12}" font-size="14" font-weight="bold">${title} (${unit})</text>
${grid}${minutes}${limitLine}${lines}`;
}

/**
 * Writes the PNG of a run's latency (p95, p99 per bucket; the targets dashed, 100 ms unless `options`
 * names others) and memory. `options.writes`: a second set of latency points (the mixed bench's writes),
 * drawn beside the reads.
 */
export async function plotSoak(
  file: string,
  heading: string,
  latency: readonly LatencyPoint[],
  memory: readonly MemorySample[],
  options: { writes?: readonly LatencyPoint[]; limits?: readonly number[] } = {},
): Promise<void> {
  const writes = options.writes ?? [];
  const xMax = Math.max(
    ...latency.map((point) => point.at),
    ...writes.map((point) => point.at),
    ...memory.map((sample) => sample.at),
  );
  const latencySeries: Series[] = [
    {
      name: writes.length ? 'reads p95' : 'p95',
      color: COLORS[0],
      points: latency.map((point) => [point.at, point.p95]),
    },
    {
      name: writes.length ? 'reads p99' : 'p99',
      color: COLORS[1],
      points: latency.map((point) => [point.at, point.p99]),
    },
  ];
  if (writes.length)
    latencySeries.push(
      { name: 'writes p95', color: COLORS[3], points: writes.map((point) => [point.at, point.p95]) },
      { name: 'writes p99', color: COLORS[4], points: writes.map((point) => [point.at, point.p99]) },
    );
  const names = Object.keys(memory[0]?.rss ?? {});
  const memorySeries: Series[] = names.map((name, index) => ({
    name: `${name} RSS`,
    color: COLORS[(index + 2) % COLORS.length],
    points: memory.map((sample) => [sample.at, sample.rss[name]]),
  }));
  if (names.length > 1)
    memorySeries.push({
      name: 'total RSS',
      color: '#111827',
      points: memory.map((sample) => [sample.at, Object.values(sample.rss).reduce((a, b) => a + b, 0)]),
    });
  const height = MARGIN.top + 2 * PANEL + 3 * MARGIN.bottom + 30;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" font-family="sans-serif">
<rect width="100%" height="100%" fill="white"/>
<text x="${MARGIN.left}" y="20" font-size="15">${heading}</text>
${panel('latency per bucket', 'ms', latencySeries, MARGIN.top + 30, xMax, options.limits ?? [100])}
${panel('resident memory', 'MiB', memorySeries, MARGIN.top + PANEL + 2 * MARGIN.bottom + 30, xMax)}
</svg>`;
  writeFileSync(file.replace(/\.png$/, '.svg'), svg);
  const executablePath = process.env.CHROMIUM_BIN;
  if (!executablePath)
    throw new Error('CHROMIUM_BIN is not set: run `eval "$(infra/local/pulse-local env)"`');
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage({ viewport: { width: WIDTH, height } });
    await page.setContent(`<body style="margin:0">${svg}</body>`);
    await page.screenshot({ path: file });
  } finally {
    await browser.close();
  }
}
