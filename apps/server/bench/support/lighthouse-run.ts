import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export interface LighthouseFigures {
  name: string;
  url: string;
  /** 0–100. */
  score: number;
  lcpMs: number;
  /** Same-origin paths of the scripts and stylesheets the page loaded. */
  assetPaths: string[];
  finalUrl: string;
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

/**
 * Lighthouse's default run: mobile form factor with its simulated slow-4G and 4× CPU throttling,
 * performance category only. Several runs of one page give the median score.
 */
export async function runLighthouse(
  pages: { name: string; url: string; cookie?: string }[],
  runs: number,
): Promise<LighthouseFigures[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  try {
    const out: LighthouseFigures[] = [];
    for (const page of pages) {
      const figures: LighthouseFigures[] = [];
      for (let i = 0; i < runs; i += 1) {
        const result = await lighthouse(page.url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          extraHeaders: page.cookie ? { Cookie: page.cookie } : undefined,
        });
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`Lighthouse returned nothing for ${page.url}`);
        if (lhr.runtimeError) {
          throw new Error(`Lighthouse on ${page.url}: ${lhr.runtimeError.message}`);
        }
        const origin = new URL(page.url).origin;
        const requests =
          (lhr.audits['network-requests']?.details as { items?: { url: string }[] } | undefined)
            ?.items ?? [];
        figures.push({
          name: page.name,
          url: page.url,
          score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
          assetPaths: requests
            .map((r) => new URL(r.url))
            .filter((u) => u.origin === origin && /\.(js|css)$/.test(u.pathname))
            .map((u) => u.pathname),
          finalUrl: lhr.finalDisplayedUrl,
        });
      }
      figures.sort((a, b) => a.score - b.score);
      out.push(figures[Math.floor(figures.length / 2)]!);
    }
    return out;
  } finally {
    chrome.kill();
  }
}
