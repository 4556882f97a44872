import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Mantine's styles are imported per component (app-styles.ts, public-styles.ts). A component used
// without its stylesheet renders unstyled: the marketplace's Rating drew each star the width of
// a phone, and every card 1,500 px tall.
const src = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const mantineStyles = join(src, '..', '..', '..', 'node_modules', '@mantine', 'core', 'styles');

function sourceFiles(): string[] {
  return readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => join(src, file));
}

describe("Mantine's stylesheets", () => {
  it('are imported for every Mantine component the app uses', () => {
    const used = new Set<string>();
    for (const file of sourceFiles()) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@mantine\/core'/g)) {
        for (const part of match[1]!.split(',')) {
          const name = part
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0]!;
          if (/^[A-Z]/.test(name)) used.add(name);
        }
      }
    }
    const imported = new Set(
      ['lib/styles/app-styles.ts', 'lib/styles/public-styles.ts', 'app/toasts.tsx'].flatMap(
        (file) =>
          [...readFileSync(join(src, file), 'utf8').matchAll(/styles\/(\w+)\.css/g)].map(
            (m) => m[1]!,
          ),
      ),
    );
    const missing = [...used].filter(
      (name) => existsSync(join(mantineStyles, `${name}.css`)) && !imported.has(name),
    );
    expect(used.size).toBeGreaterThan(20);
    expect(missing).toEqual([]);
  });
});
