/**
 * Styles of names and marks: text cut in the middle (`Truncated`: the text itself is for screen
 * readers, its two parts are drawn from data attributes with an empty alternative text, `/ ''`),
 * generated tiles, social marks' room.
 */
export const namesCss = /* css */ `
.truncated { position: relative; display: inline-flex; min-width: 0; max-width: 100%; white-space: pre; vertical-align: bottom; }
.truncated::before { content: attr(data-head) / ''; min-width: 0; overflow: hidden; text-overflow: ellipsis; }
.truncated::after { content: attr(data-tail) / ''; flex: none; }
.truncated.strong { color: var(--fg); font-weight: 500; }
.tile {
  width: 100%; height: 100%; display: grid; place-items: center; color: #fff; font-weight: 700;
  font-size: calc(var(--fs) * 1.5); letter-spacing: 0.02em; text-shadow: 0 1px 2px rgb(0 0 0 / 0.3);
}
.wallet-card .tile { font-size: calc(var(--fs) * 2); }
.mark-room { display: block; width: 24px; height: 24px; }
`
