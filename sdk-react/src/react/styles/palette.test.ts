import { describe, expect, it } from 'vitest'
import type { ThemeMode } from '../../core/config/theme'
import { blend, contrastRatio, onAccentFor, PALETTES, parseHex } from './palette'

const AA = 4.5
const rgb = (hex: string) => parseHex(hex) as number[]

describe.each(['dark', 'light'] as ThemeMode[])('the %s palette meets WCAG AA for text', (mode) => {
  const p = PALETTES[mode]
  const bg = rgb(p.bg)
  const surface = (level: 0 | 1 | 2) => blend(rgb(p.layer), p.surfaces[level], bg)
  // Tags sit on wallet rows: a 14% tint of their colour over the first surface.
  const tint = (colour: string, alpha: number) => blend(rgb(colour), alpha, surface(0))

  it('primary and secondary text on the background and on every surface', () => {
    for (const text of [p.fg, p.fg2]) {
      for (const back of [bg, surface(0), surface(1), surface(2)]) expect(contrastRatio(rgb(text), back)).toBeGreaterThanOrEqual(AA)
    }
  })

  it('muted text on the background and on fields', () => {
    for (const back of [bg, surface(0)]) expect(contrastRatio(rgb(p.fg3), back)).toBeGreaterThanOrEqual(AA)
  })

  it('accent text (links, tags) and status tags on their tints', () => {
    expect(contrastRatio(rgb(p.accent), bg)).toBeGreaterThanOrEqual(AA)
    expect(contrastRatio(rgb(p.accent), tint(p.accent, 0.14))).toBeGreaterThanOrEqual(AA)
    expect(contrastRatio(rgb(p.success), tint(p.success, 0.14))).toBeGreaterThanOrEqual(AA)
    expect(contrastRatio(rgb(p.error), bg)).toBeGreaterThanOrEqual(AA)
  })

  it('text on the accent (the connect and submit buttons)', () => {
    expect(contrastRatio(rgb(p.onAccent), rgb(p.accent))).toBeGreaterThanOrEqual(AA)
  })
})

describe('onAccentFor', () => {
  it('picks readable text for a dapp accent, and keeps the default for other colour syntaxes', () => {
    expect(onAccentFor('#ffe14d', 'dark')).toBe('#0b0c0e')
    expect(onAccentFor('#3b1fa3', 'light')).toBe('#ffffff')
    expect(onAccentFor('rgb(1 2 3)', 'light')).toBe(PALETTES.light.onAccent)
    expect(onAccentFor(undefined, 'dark')).toBe(PALETTES.dark.onAccent)
  })
})
