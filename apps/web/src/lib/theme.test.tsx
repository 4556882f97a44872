import { darken, DEFAULT_THEME, luminance, mergeMantineTheme, Modal, Select } from '@mantine/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STATUS_BADGES } from '@/components/status-badge/status-badge';
import { renderWithProviders } from '@/test/render';
import { chosenAccountDisplayMode, cssVariablesResolver, theme } from './theme';

const full = mergeMantineTheme(DEFAULT_THEME, theme);
const { light, dark } = cssVariablesResolver(full);
const palette = full.colors;

function ratio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** A resolver value that is a palette reference, `var(--mantine-color-gray-1)`, as its hex. */
function hex(value: string | undefined): string {
  const match = /^var\(--mantine-color-([a-z]+)-(\d)\)$/.exec(value ?? '');
  return match ? palette[match[1]!]![Number(match[2])]! : (value ?? '');
}

describe('theme contrast (every text ≥ 4.5:1)', () => {
  const lightSurfaces = [full.white, palette.gray[0], palette.gray[1]];
  const darkSurfaces = [palette.dark[7], palette.dark[6]];

  it('dimmed, anchor and error text read on the page and its tinted surfaces', () => {
    for (const name of ['dimmed', 'anchor', 'error']) {
      for (const surface of lightSurfaces) {
        expect(ratio(hex(light[`--mantine-color-${name}`]), surface)).toBeGreaterThanOrEqual(4.5);
      }
      for (const surface of darkSurfaces) {
        expect(ratio(hex(dark[`--mantine-color-${name}`]), surface)).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it('white on the primary colour (filled buttons) is AA in both schemes', () => {
    const shade = full.primaryShade as { light: number; dark: number };
    const primary = palette[full.primaryColor]!;
    expect(ratio(full.white, primary[shade.light]!)).toBeGreaterThanOrEqual(4.5);
    expect(ratio(full.white, primary[shade.dark]!)).toBeGreaterThanOrEqual(4.5);
  });

  it('every status badge is AA in both schemes', () => {
    for (const { color } of Object.values(STATUS_BADGES)) {
      const shades = palette[color]!;
      expect(
        ratio(light[`--mantine-color-${color}-light-color`]!, shades[1]!),
      ).toBeGreaterThanOrEqual(4.5);
      // Mantine's dark light-variant: shade 0 on shade 9 darkened by half.
      expect(ratio(shades[0]!, darken(shades[9]!, 0.5))).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('coloured text and outlines (c="green", outline badges) read in both schemes', () => {
    for (const color of Object.keys(palette).filter((c) => c !== 'dark')) {
      for (const kind of ['text', 'outline']) {
        for (const surface of lightSurfaces) {
          expect(ratio(light[`--mantine-color-${color}-${kind}`]!, surface)).toBeGreaterThanOrEqual(
            4.5,
          );
        }
        for (const surface of darkSurfaces) {
          expect(ratio(dark[`--mantine-color-${color}-${kind}`]!, surface)).toBeGreaterThanOrEqual(
            4.5,
          );
        }
      }
    }
  });
});

describe('component defaults', () => {
  it("names every dialog's × button", () => {
    renderWithProviders(
      <Modal opened onClose={() => undefined} title="Select Bots">
        Body
      </Modal>,
    );
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it('puts a Select’s options in the page only while it is open', async () => {
    renderWithProviders(<Select label="Type" data={['Residential', 'Commercial']} />);
    // Not kept mounted while closed: nothing to position as the page first renders.
    expect(document.body.textContent).not.toContain('Commercial');
    await userEvent.click(screen.getByLabelText('Type'));
    expect(await screen.findByRole('option', { name: 'Commercial' })).toBeInTheDocument();
  });
});

describe('chosenAccountDisplayMode', () => {
  it("takes the account's dark mode as a choice and its default light as none", () => {
    expect(chosenAccountDisplayMode('dark')).toBe('dark');
    expect(chosenAccountDisplayMode('light')).toBe(null);
    expect(chosenAccountDisplayMode(undefined)).toBe(null);
  });
});
