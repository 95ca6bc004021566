import { useOrielTheme } from '@oriel/react'

/** Switches the widget between its dark and light theme at runtime. */
export function ThemeToggle() {
  const { themeMode, setThemeMode } = useOrielTheme()
  const next = themeMode === 'dark' ? 'light' : 'dark'
  return (
    <button
      type="button"
      className="ghost"
      data-testid="theme-toggle"
      data-theme-mode={themeMode}
      title="Theme of the wallet widget"
      onClick={() => setThemeMode(next)}
    >
      {next === 'light' ? 'Light widget' : 'Dark widget'}
    </button>
  )
}
