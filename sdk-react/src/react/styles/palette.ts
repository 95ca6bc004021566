import { DEFAULT_ACCENT, type ThemeMode } from '../../core/config/theme'

/** The colours of one theme mode. Surfaces and lines are translucent layers over `bg`. */
export interface Palette {
  readonly accent: string
  /** Text and icons on an accent background. */
  readonly onAccent: string
  readonly bg: string
  /** Primary text. */
  readonly fg: string
  /** Secondary text (labels, hints). */
  readonly fg2: string
  /** Muted text (placeholders, the footer, the divider). */
  readonly fg3: string
  /** The colour the translucent surfaces are made of. */
  readonly layer: string
  /** Opacity of the three surface levels (fields and rows, buttons, hover). */
  readonly surfaces: readonly [number, number, number]
  readonly line: string
  readonly overlay: string
  readonly error: string
  readonly success: string
  readonly shadow: string
}

/**
 * Both theme modes. Every text colour meets WCAG AA (4.5:1) on the background and on the
 * surfaces it is drawn on; `palette.test.ts` checks it.
 */
export const PALETTES: Readonly<Record<ThemeMode, Palette>> = Object.freeze({
  dark: {
    accent: DEFAULT_ACCENT.dark,
    onAccent: '#06231f',
    bg: '#16171a',
    fg: '#f1f2f4',
    fg2: '#a4a8b0',
    fg3: '#8b909a',
    layer: '#ffffff',
    surfaces: [0.04, 0.07, 0.11],
    line: 'rgba(255, 255, 255, 0.08)',
    overlay: 'rgba(6, 7, 9, 0.62)',
    error: '#ff6b6b',
    success: '#3ddc97',
    shadow: '0 24px 64px rgba(0, 0, 0, 0.5)',
  },
  light: {
    accent: DEFAULT_ACCENT.light,
    onAccent: '#ffffff',
    bg: '#ffffff',
    fg: '#17181c',
    fg2: '#565b64',
    fg3: '#646973',
    layer: '#10141c',
    surfaces: [0.035, 0.06, 0.1],
    line: 'rgba(16, 20, 28, 0.09)',
    overlay: 'rgba(20, 22, 28, 0.38)',
    error: '#c42f2f',
    success: '#0b6e47',
    shadow: '0 24px 64px rgba(16, 20, 28, 0.18)',
  },
})

/** `#rgb` or `#rrggbb` as `[r, g, b]` (0-255); `undefined` for any other colour syntax. */
export function parseHex(colour: string): [number, number, number] | undefined {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour.trim())
  if (!match) return undefined
  const hex = (match[1] as string).length === 3 ? [...(match[1] as string)].map((c) => c + c).join('') : (match[1] as string)
  return [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number]
}

/** Relative luminance (WCAG 2). */
function luminance([r, g, b]: readonly number[]): number {
  const channel = (c: number) => {
    const s = c / 255
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel(r ?? 0) + 0.7152 * channel(g ?? 0) + 0.0722 * channel(b ?? 0)
}

/** WCAG contrast ratio of two opaque colours. */
export function contrastRatio(a: readonly number[], b: readonly number[]): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

/** `top` at `alpha` over an opaque `bottom`. */
export function blend(top: readonly number[], alpha: number, bottom: readonly number[]): number[] {
  return bottom.map((c, i) => Math.round((top[i] ?? 0) * alpha + c * (1 - alpha)))
}

/**
 * The text colour for an accent background: the mode's own when the accent is the default or
 * not a hex colour, else black or white, whichever contrasts more.
 */
export function onAccentFor(accent: string | undefined, mode: ThemeMode): string {
  const rgb = accent ? parseHex(accent) : undefined
  if (!rgb) return PALETTES[mode].onAccent
  return contrastRatio(rgb, [255, 255, 255]) >= contrastRatio(rgb, [0, 0, 0]) ? '#ffffff' : '#0b0c0e'
}

/** The palette as the stylesheet's custom properties. */
export function paletteCss(palette: Palette, mode: ThemeMode): string {
  const [r, g, b] = parseHex(palette.layer) ?? [255, 255, 255]
  const [s1, s2, s3] = palette.surfaces
  return [
    `--accent: var(--oriel-accent, ${palette.accent});`,
    `--on-accent: var(--oriel-on-accent, ${palette.onAccent});`,
    `--bg: ${palette.bg};`,
    `--fg: ${palette.fg};`,
    `--fg-2: ${palette.fg2};`,
    `--fg-3: ${palette.fg3};`,
    `--s-1: rgba(${r}, ${g}, ${b}, ${s1});`,
    `--s-2: rgba(${r}, ${g}, ${b}, ${s2});`,
    `--s-3: rgba(${r}, ${g}, ${b}, ${s3});`,
    `--line: ${palette.line};`,
    `--overlay: ${palette.overlay};`,
    `--error: ${palette.error};`,
    `--success: ${palette.success};`,
    `--shadow: ${palette.shadow}, 0 0 0 1px var(--line);`,
    `color-scheme: ${mode};`,
  ].join('\n  ')
}
