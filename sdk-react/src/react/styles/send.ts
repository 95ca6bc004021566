import { VIEW_TRANSITION_MS } from '../../core/constants'

/** The Send view's styles: the amount and receiver boxes, the token chip and list, the fee and error lines. */
export const sendCss = /* css */ `
.send-box {
  display: flex; flex-direction: column; gap: 6px; padding: 12px 14px; border-radius: calc(var(--r) * 5);
  background: var(--s-1); box-shadow: inset 0 0 0 1px var(--line); transition: box-shadow ${VIEW_TRANSITION_MS}ms;
}
.send-box:focus-within { box-shadow: inset 0 0 0 1px var(--accent), 0 0 0 4px color-mix(in srgb, var(--accent) 18%, transparent); }
.send-label { color: var(--fg-2); font-size: calc(var(--fs) * 1.3); }
.send-amount { display: flex; align-items: center; gap: 8px; }
.send-amount input, .send-receiver {
  flex: 1; min-width: 0; border: 0; outline: 0; background: none; color: var(--fg);
}
.send-amount input { font-size: calc(var(--fs) * 3); font-weight: 600; font-variant-numeric: tabular-nums; }
.send-receiver { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: calc(var(--fs) * 1.35); height: 28px; }
.send-amount input::placeholder, .send-receiver::placeholder { color: var(--fg-3); }
.send-amount input:focus-visible, .send-receiver:focus-visible { outline: none; }
.token-chip {
  display: inline-flex; align-items: center; gap: 6px; height: 36px; padding: 0 8px 0 6px; border-radius: 999px;
  background: var(--s-2); font-weight: 600; white-space: nowrap; transition: background-color ${VIEW_TRANSITION_MS}ms;
}
.token-chip:hover:not(:disabled) { background: var(--s-3); }
.token-chip .token-icon { font-size: calc(var(--fs) * 1.1); }
.chev-down { transform: rotate(90deg); color: var(--fg-3); }
.token-chip[aria-expanded='true'] .chev-down { transform: rotate(-90deg); }
.send-meta { display: flex; justify-content: space-between; gap: 8px; min-height: 1.4em; color: var(--fg-3); font-size: calc(var(--fs) * 1.3); }
.send-balance { display: inline-flex; align-items: center; gap: 4px; }
.field-error { margin: 0; color: var(--error); font-size: calc(var(--fs) * 1.3); }
.send-tokens { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 4px; max-height: 264px; overflow-y: auto; }
.send-tokens .row[aria-pressed='true'] { box-shadow: inset 0 0 0 1px var(--accent); }
.send-tokens .token-amounts { font-variant-numeric: tabular-nums; }
.send-fee > div { padding: 10px 14px; }
.send-status:empty { display: none; }
.send-error {
  margin: 0; padding: 10px 12px; border-radius: calc(var(--r) * 4); color: var(--fg);
  background: color-mix(in srgb, var(--error) 14%, transparent); font-size: calc(var(--fs) * 1.35);
}
.btn.primary { background: var(--accent); color: var(--on-accent); }
.btn.primary:hover:not(:disabled) { background: color-mix(in srgb, var(--accent) 88%, var(--fg)); }
`
