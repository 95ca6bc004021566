import { DEFAULT_ACCENT } from '../config/theme'
import type { EmbeddedWallet } from './embeddedWallet'
import type { FrameClient } from '../frame/client'
import type { ThemeState, ThemeStore } from '../theme/themeStore'

/** The theme variables the frame's own screens follow. */
const MIRRORED = ['--oriel-font-family', '--oriel-border-radius-base'] as const

/**
 * The widget's theme as the frame's `SyncTheme` carries it: the mode, the accent in effect
 * (the dapp's, else the mode's default) and the font and radius. The frame checks each value
 * and keeps its own for any it cannot use.
 */
export function frameTheme(theme: ThemeState) {
  const accent = theme.themeVariables['--oriel-accent'] ?? DEFAULT_ACCENT[theme.themeMode]
  return {
    themeMode: theme.themeMode,
    themeVariables: [
      { name: '--oriel-accent', value: accent },
      ...MIRRORED.map((name) => ({ name, value: String(theme.themeVariables[name]) })),
    ],
  }
}

/** Sends the theme to `frame`. */
export async function sendTheme(frame: FrameClient, theme: ThemeState): Promise<void> {
  await frame.request({ SyncTheme: frameTheme(theme) })
}

/**
 * Keeps the frame's screens in the widget's theme: sends it whenever it changes while the frame
 * is ready (the frame's `onReady` sends the first one). Returns the function that stops.
 *
 * @example
 * const stop = watchTheme({ theme, embedded })
 */
export function watchTheme({ theme, embedded }: { theme: ThemeStore; embedded: EmbeddedWallet }): () => void {
  return theme.subscribe(() => {
    if (embedded.getSnapshot().state !== 'ready') return
    void embedded
      .ensureReady()
      .then((frame) => sendTheme(frame, theme.getSnapshot()))
      .catch((error: unknown) => console.error('oriel: could not send the theme to the wallet frame', error))
  })
}
