/** The Swap view's own styles (it reuses the Send view's boxes, chip, token list and fact lines). */
export const swapCss = /* css */ `
.swap-flip { align-self: center; margin: -6px 0; background: var(--s-2); }
.swap-receive {
  flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap;
  font-size: calc(var(--fs) * 3); font-weight: 600; font-variant-numeric: tabular-nums;
}
.chips { display: flex; gap: 6px; }
.chips > input { width: 0; flex: 1; border: 0; }
.chips [aria-pressed='true'] { box-shadow: inset 0 0 0 1px var(--accent); }
.swap-done {
  margin: 0; padding: 10px 12px; border-radius: calc(var(--r) * 4); color: var(--fg);
  background: color-mix(in srgb, var(--success) 14%, transparent); font-size: calc(var(--fs) * 1.35);
}
`
