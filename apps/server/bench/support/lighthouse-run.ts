import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';

/** BENCH_LIGHTHOUSE_REPORTS=<dir> keeps each run's full report (LCP element, request chains, traces of main-thread work). */
const REPORT_DIR = process.env.BENCH_LIGHTHOUSE_REPORTS;

/**
 * BENCH_LIGHTHOUSE_AS_INDEX=<n> scores the pages as a host whose benchmarkIndex is n would: the
 * simulated CPU slowdown becomes 4 × (this host's index ÷ n), the calibration Lighthouse's own
 * throttling guide gives. Unset, the default 4× applies and the score depends on this host.
 */
const AS_INDEX = Number(process.env.BENCH_LIGHTHOUSE_AS_INDEX ?? 0);
const DEFAULT_CPU_SLOWDOWN = throttling.mobileSlow4G.cpuSlowdownMultiplier;
/** The slowdown calibrated on the first call, kept for the process (an A/B compares like with like). */
let calibratedSlowdown: number | undefined;
let reportCount = 0;

function keepReport(name: string, report: unknown): void {
  if (!REPORT_DIR) return;
  mkdirSync(REPORT_DIR, { recursive: true });
  reportCount += 1;
  const slug = name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'page';
  writeFileSync(
    path.join(REPORT_DIR, `${String(reportCount).padStart(2, '0')}-${slug}.json`),
    JSON.stringify(report),
  );
}

export interface LighthouseFigures {
  name: string;
  url: string;
  /** 0–100. */
  score: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  /**
   * Lighthouse's measure of this machine's CPU speed: its simulated throttling slows every CPU 4×,
   * so a slower host scores lower for the same page. Figures are comparable only between runs
   * with similar indexes.
   */
  benchmarkIndex: number;
  /** The simulated CPU slowdown of the run (4 unless BENCH_LIGHTHOUSE_AS_INDEX is set). */
  cpuSlowdown: number;
  /** Requests the page made before Lighthouse stopped recording. */
  requests: number;
  /** Same-origin paths of the scripts and stylesheets the page loaded. */
  assetPaths: string[];
  finalUrl: string;
}

/** A page Lighthouse could not measure, with why. */
export interface LighthouseFailure {
  name: string;
  url: string;
  error: string;
}

/** This machine's Chromium, headless, with background networking off (nothing but the page). */
export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

/** Tries a page up to three times: a trace lost on a busy machine (NO_NAVSTART) is not a result. */
async function runOnce(
  port: number,
  page: { name: string; url: string; cookie?: string },
  cpuSlowdown: number,
): Promise<LighthouseFigures> {
  let lastError = '';
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    const result = await lighthouse(page.url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      extraHeaders: page.cookie ? { Cookie: page.cookie } : undefined,
      throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: cpuSlowdown },
    });
    const lhr = result?.lhr;
    if (!lhr || lhr.runtimeError) {
      lastError = lhr?.runtimeError?.message ?? 'no result';
      console.log(`  Lighthouse on ${page.name}, attempt ${attempt}: ${lastError}`);
      continue;
    }
    keepReport(page.name, lhr);
    const origin = new URL(page.url).origin;
    const requests =
      (lhr.audits['network-requests']?.details as { items?: { url: string }[] } | undefined)
        ?.items ?? [];
    return {
      name: page.name,
      url: page.url,
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
      fcpMs: lhr.audits['first-contentful-paint']?.numericValue ?? Number.NaN,
      tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
      benchmarkIndex: lhr.environment.benchmarkIndex,
      cpuSlowdown,
      requests: requests.length,
      assetPaths: requests
        .map((r) => new URL(r.url))
        .filter((u) => u.origin === origin && /\.(js|css)$/.test(u.pathname))
        .map((u) => u.pathname),
      finalUrl: lhr.finalDisplayedUrl,
    };
  }
  throw new Error(`Lighthouse on ${page.url}: ${lastError}`);
}

/**
 * Lighthouse's default run: mobile form factor with its simulated slow-4G and 4× CPU throttling,
 * performance category only. Several runs of one page give the median score.
 */
export async function runLighthouse(
  pages: { name: string; url: string; cookie?: string }[],
  runs: number,
): Promise<(LighthouseFigures | LighthouseFailure)[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  try {
    if (AS_INDEX > 0 && calibratedSlowdown === undefined && pages[0]) {
      // One run to read this host's index; every page is then scored at the calibrated slowdown.
      const calibration = await runOnce(chrome.port, pages[0], DEFAULT_CPU_SLOWDOWN);
      calibratedSlowdown = (DEFAULT_CPU_SLOWDOWN * calibration.benchmarkIndex) / AS_INDEX;
      console.log(
        `  Lighthouse as a host of benchmarkIndex ${AS_INDEX}: this host's is ` +
          `${Math.round(calibration.benchmarkIndex)}, CPU slowdown ${calibratedSlowdown.toFixed(1)}×`,
      );
    }
    const cpuSlowdown = calibratedSlowdown ?? DEFAULT_CPU_SLOWDOWN;
    const out: (LighthouseFigures | LighthouseFailure)[] = [];
    for (const page of pages) {
      try {
        const figures: LighthouseFigures[] = [];
        for (let i = 0; i < runs; i += 1) {
          figures.push(await runOnce(chrome.port, page, cpuSlowdown));
        }
        figures.sort((a, b) => a.score - b.score);
        out.push(figures[Math.floor(figures.length / 2)]!);
      } catch (error) {
        out.push({ name: page.name, url: page.url, error: String(error) });
      }
    }
    return out;
  } finally {
    chrome.kill();
  }
}
