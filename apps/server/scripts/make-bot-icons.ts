/**
 * Generates the bot icons (spec §3: one per colour and theme) into apps/web/public/bot-icons/, at
 * the paths of botIconPath(): avif, webp, a small-palette gif ('optimized-gif') and a full-palette
 * gif ('original-gif') for each colour × theme. A robot head drawn as SVG and rendered by sharp.
 *
 *   npx tsx apps/server/scripts/make-bot-icons.ts
 *
 * The output is committed; run again only when the glyph or a colour changes.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BOT_COLORS,
  BOT_ICON_FORMATS,
  BOT_ICON_THEMES,
  botIconPath,
  type BotColor,
  type BotIconFormat,
  type BotIconTheme,
} from '@fieldbot/shared';
import sharp from 'sharp';

const SIZE = 64;
const OUT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/public');

/**
 * Light theme: a deep shade that keeps contrast on white; dark theme: a pale shade that keeps
 * contrast on the dark background (Mantine's 7th and 3rd shades of the nearest palette colour).
 */
const SHADES: Record<BotColor, Record<BotIconTheme, string>> = {
  red: { light: '#e03131', dark: '#ff8787' },
  orange: { light: '#e8590c', dark: '#ffa94d' },
  yellow: { light: '#e67700', dark: '#ffd43b' },
  green: { light: '#2f9e44', dark: '#69db7c' },
  lightblue: { light: '#0c8599', dark: '#66d9e8' },
  blue: { light: '#1864ab', dark: '#74c0fc' },
  purple: { light: '#6741d9', dark: '#b197fc' },
};

/** The face's features take the page colour, so they read as holes in the head. */
const FEATURE: Record<BotIconTheme, string> = { light: '#ffffff', dark: '#1a1b1e' };

function robotSvg(color: string, feature: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 64 64">
  <line x1="32" y1="6" x2="32" y2="15" stroke="${color}" stroke-width="4" stroke-linecap="round"/>
  <circle cx="32" cy="6" r="4.5" fill="${color}"/>
  <rect x="3" y="27" width="7" height="16" rx="3" fill="${color}"/>
  <rect x="54" y="27" width="7" height="16" rx="3" fill="${color}"/>
  <rect x="10" y="14" width="44" height="42" rx="11" fill="${color}"/>
  <circle cx="23.5" cy="31" r="5.5" fill="${feature}"/>
  <circle cx="40.5" cy="31" r="5.5" fill="${feature}"/>
  <rect x="21" y="43" width="22" height="5" rx="2.5" fill="${feature}"/>
</svg>`;
}

function encode(svg: string, format: BotIconFormat): Promise<Buffer> {
  const image = sharp(Buffer.from(svg));
  switch (format) {
    case 'avif':
      return image.avif({ quality: 60, effort: 6 }).toBuffer();
    case 'webp':
      return image.webp({ quality: 85, alphaQuality: 90, effort: 6 }).toBuffer();
    // Two colours and their anti-aliased edges: 16 palette entries look the same and weigh less.
    case 'optimized-gif':
      return image.gif({ colours: 16, dither: 0, effort: 10 }).toBuffer();
    case 'original-gif':
      return image.gif({ colours: 256, dither: 1 }).toBuffer();
  }
}

async function main() {
  await mkdir(path.join(OUT_ROOT, 'bot-icons'), { recursive: true });
  let total = 0;
  for (const color of BOT_COLORS) {
    for (const theme of BOT_ICON_THEMES) {
      const svg = robotSvg(SHADES[color][theme], FEATURE[theme]);
      for (const format of BOT_ICON_FORMATS) {
        const bytes = await encode(svg, format);
        await writeFile(path.join(OUT_ROOT, botIconPath(color, theme, format)), bytes);
        total += bytes.length;
      }
    }
  }
  const count = BOT_COLORS.length * BOT_ICON_THEMES.length * BOT_ICON_FORMATS.length;
  console.log(`${count} icons, ${Math.round(total / 1024)} KB in ${OUT_ROOT}/bot-icons`);
}

await main();
