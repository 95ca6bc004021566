import {
  HEADER_TEXT_ANIMATION_MS,
  MODAL_HEIGHT_ANIMATION_MS,
  SHAKE_MS,
  SNACKBAR_REPLACE_DELAY_MS,
  VIEW_TRANSITION_MS,
} from '../../core/constants'
import { accountTabsCss } from './accountTabs'
import { namesCss } from './names'
import { PALETTES, paletteCss } from './palette'
import { sendCss } from './send'
import { swapCss } from './swap'
import { walletConnectCss } from './walletconnect'

/**
 * The widget's whole stylesheet, injected once into each shadow root. Sizes derive from
 * `--oriel-font-size-base` and `--oriel-border-radius-base`; colours from the theme mode and
 * `--oriel-accent`. Every animation is switched off under `prefers-reduced-motion` (the shake
 * then shows as an error ring for the same 500 ms).
 *
 * The modal card stays within the window: its body scrolls when the content is taller (the
 * overlay scrolls too, for the inline card's sake). All Wallets' list keeps one height whatever it
 * holds (a search, its results, none), within the window's. `.notice` is something the user
 * should know about their login (a browser that blocks the wallet's storage); `.frame-room` the
 * room the wallet frame is laid over for its own screens (approval, recovery phrase). The
 * footer's one cell holds the brand or, while one shows, the snackbar: a notification takes the
 * brand's place (growing the footer if it wraps), so it never lies over a control. Comments
 * stay out of the CSS text: it ships as it is written.
 */
export const css = /* css */ `
:host {
  all: initial;
  --fs: var(--oriel-font-size-base, 10px);
  --r: var(--oriel-border-radius-base, 4px);
  --ease: cubic-bezier(0.2, 0.7, 0.2, 1);
  ${paletteCss(PALETTES.dark, 'dark')}
}
:host([data-theme='light']) {
  ${paletteCss(PALETTES.light, 'light')}
}
* { box-sizing: border-box; }
button, input, select { font: inherit; color: inherit; }
button, select { cursor: pointer; border: 0; background: none; padding: 0; }
fieldset { margin: 0; padding: 0; border: 0; min-width: 0; }
button:disabled { cursor: default; opacity: 0.5; }
:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
svg { display: block; flex: none; }
.sr { position: absolute; width: 1px; height: 1px; margin: -1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }

.overlay {
  position: fixed; inset: 0; z-index: var(--oriel-z-index, 999);
  display: flex; align-items: safe center; justify-content: center; padding: 16px;
  overflow-y: auto; overscroll-behavior: contain;
  background: var(--overlay); backdrop-filter: blur(3px);
  animation: fade-in ${VIEW_TRANSITION_MS}ms var(--ease);
}
.card {
  position: relative; width: 100%; max-width: var(--oriel-modal-width, 360px);
  font-family: var(--oriel-font-family, ui-sans-serif, system-ui, sans-serif);
  font-size: calc(var(--fs) * 1.4); line-height: 1.4; letter-spacing: -0.01em;
  color: var(--fg); background: var(--bg); border-radius: calc(var(--r) * 9);
  box-shadow: var(--shadow); outline: none; overflow: hidden;
  -webkit-font-smoothing: antialiased;
  animation: card-in ${VIEW_TRANSITION_MS}ms var(--ease);
}
.card:not(.inline) { display: flex; flex-direction: column; max-height: calc(100dvh - 32px); }
.card > * { flex: none; }
.card > .body { flex: 0 1 auto; min-height: 0; }
.card.inline { box-shadow: 0 0 0 1px var(--line); animation: none; }
.card.shake { animation: shake ${SHAKE_MS}ms var(--ease); }
@media (max-width: 430px) {
  .overlay { align-items: flex-end; padding: 0; }
  .card:not(.inline) { max-width: none; max-height: calc(100dvh - 16px); border-radius: calc(var(--r) * 9) calc(var(--r) * 9) 0 0; }
}

.header {
  display: grid; grid-template-columns: 40px 1fr 40px; align-items: center;
  gap: 8px; padding: 16px 16px 8px;
}
.title {
  margin: 0; text-align: center; font-size: calc(var(--fs) * 1.6); font-weight: 600;
  white-space: nowrap; overflow: hidden; text-overflow: ellipsis;
  animation: fade-in ${HEADER_TEXT_ANIMATION_MS}ms var(--ease);
}
.icon-btn {
  width: 40px; height: 40px; display: grid; place-items: center;
  border-radius: calc(var(--r) * 3); color: var(--fg-2);
  transition: background-color ${VIEW_TRANSITION_MS}ms, color ${VIEW_TRANSITION_MS}ms;
}
.icon-btn:hover { background: var(--s-2); color: var(--fg); }

.alert {
  display: flex; gap: 10px; align-items: flex-start; margin: 0 16px 8px; padding: 10px 12px;
  border-radius: calc(var(--r) * 4); background: color-mix(in srgb, var(--error) 12%, transparent);
  color: var(--fg); font-size: calc(var(--fs) * 1.3);
}
.alert svg { color: var(--error); margin-top: 1px; }
.alert strong { display: block; font-weight: 600; }
.alert p { margin: 2px 0 0; color: var(--fg-2); }

.body { overflow: hidden auto; overscroll-behavior: contain; scrollbar-width: thin; transition: height ${MODAL_HEIGHT_ANIMATION_MS}ms var(--ease); }
.body[data-animating] { overflow-y: hidden; }
.view { padding: 8px 16px 16px; animation: view-in ${VIEW_TRANSITION_MS}ms var(--ease); }
.stack { display: flex; flex-direction: column; gap: 8px; }
.center { display: grid; place-items: center; gap: 12px; min-height: 160px; text-align: center; color: var(--fg-2); }
.center p { margin: 0; max-width: 260px; }

.field {
  position: relative; display: flex; align-items: center; gap: 10px; height: 56px; padding: 0 8px 0 16px;
  border-radius: calc(var(--r) * 5); background: var(--s-1); box-shadow: inset 0 0 0 1px var(--line);
  color: var(--fg-3); transition: box-shadow ${VIEW_TRANSITION_MS}ms;
}
.field:focus-within { box-shadow: inset 0 0 0 1px var(--accent), 0 0 0 4px color-mix(in srgb, var(--accent) 18%, transparent); }
.field input {
  flex: 1; min-width: 0; height: 100%; border: 0; outline: 0; background: none;
  font-size: calc(var(--fs) * 1.6); color: var(--fg);
}
.field input::placeholder { color: var(--fg-3); }
.submit {
  width: 40px; height: 40px; display: grid; place-items: center; border-radius: calc(var(--r) * 3.5);
  background: var(--accent); color: var(--on-accent); animation: fade-in ${VIEW_TRANSITION_MS}ms var(--ease);
}

.btn {
  display: flex; align-items: center; justify-content: center; gap: 10px; height: 56px; width: 100%;
  border-radius: calc(var(--r) * 5); background: var(--s-2); font-size: calc(var(--fs) * 1.6); font-weight: 500;
  transition: background-color ${VIEW_TRANSITION_MS}ms;
}
.btn:hover, .row:hover, .social:hover { background: var(--s-3); }
.socials { display: grid; grid-template-columns: repeat(5, 1fr); gap: 8px; }
.social {
  height: 56px; display: grid; place-items: center; border-radius: calc(var(--r) * 5);
  background: var(--s-2); color: var(--fg); transition: background-color ${VIEW_TRANSITION_MS}ms;
}
.social[aria-expanded='true'] { background: var(--s-3); }

.divider {
  display: flex; align-items: center; gap: 12px; margin: 8px -16px; color: var(--fg-3);
  font-size: calc(var(--fs) * 1.3);
}
.divider::before, .divider::after { content: ''; flex: 1; height: 1px; background: var(--line); }

.row {
  display: flex; align-items: center; gap: 12px; width: 100%; min-height: 56px; padding: 8px 12px 8px 8px;
  border-radius: calc(var(--r) * 4); background: var(--s-1); text-align: left;
  transition: background-color ${VIEW_TRANSITION_MS}ms;
}
.row .name { flex: 1; min-width: 0; font-size: calc(var(--fs) * 1.6); font-weight: 500; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.row .chev { color: var(--fg-3); }
.row.skeleton .logo, .row.skeleton .name { background: var(--s-2); animation: pulse 1.2s ease-in-out infinite; }
.row.skeleton .name { flex: 0 0 40%; height: 1em; border-radius: var(--r); }
.logo {
  width: 40px; height: 40px; display: grid; place-items: center; border-radius: calc(var(--r) * 3);
  background: var(--s-2); color: var(--fg-2); overflow: hidden;
}
.logo img { width: 100%; height: 100%; object-fit: cover; }
.tag {
  padding: 3px 6px; border-radius: calc(var(--r) * 1.5); font-size: calc(var(--fs) * 1.05); font-weight: 600;
  letter-spacing: 0.04em; color: var(--fg-2); background: var(--s-2);
}
.tag.accent { color: var(--accent); background: color-mix(in srgb, var(--accent) 14%, transparent); }
.tag.success { color: var(--success); background: color-mix(in srgb, var(--success) 14%, transparent); }

.footer {
  display: grid; place-items: center; box-sizing: border-box; min-height: 46px; padding: 4px 16px 5px;
  color: var(--fg-3); font-size: calc(var(--fs) * 1.2); border-top: 1px solid var(--line);
}
.footer > * { grid-area: 1 / 1; }
.brand { display: flex; align-items: center; gap: 6px; }
.footer:has(.snackbar) .brand { visibility: hidden; }
.footer strong { color: var(--fg-2); font-weight: 600; }

.snackbar {
  display: flex; align-items: center; gap: 8px; max-width: 100%; box-sizing: border-box;
  padding: 8px 14px 8px 10px; border-radius: calc(var(--r) * 5); background: var(--s-1);
  color: var(--fg); font-size: calc(var(--fs) * 1.4);
  animation: snack-in ${SNACKBAR_REPLACE_DELAY_MS}ms var(--ease);
}
.snackbar.leaving { opacity: 0; transform: translateY(6px); transition: opacity ${SNACKBAR_REPLACE_DELAY_MS}ms var(--ease), transform ${SNACKBAR_REPLACE_DELAY_MS}ms var(--ease); animation: none; }
.snackbar[data-variant='error'] svg { color: var(--error); }
.snackbar[data-variant='success'] svg { color: var(--success); }
.snackbar[data-variant='loading'] svg { color: var(--accent); }

.hint { margin: 0; color: var(--fg-2); text-align: center; }
.hint.warning { color: color-mix(in srgb, var(--error) 70%, var(--fg)); }
.row-buttons { display: grid; grid-template-columns: 1fr 1fr; gap: 8px; }
.field-error { margin: -4px 0 0; color: var(--error); font-size: calc(var(--fs) * 1.3); text-align: left; }
.notice {
  display: flex; flex-direction: column; gap: 8px; padding: 10px 12px; border-radius: calc(var(--r) * 3);
  background: color-mix(in srgb, var(--accent) 10%, var(--s-1)); color: var(--fg); font-size: calc(var(--fs) * 1.3);
}
.notice p { margin: 0; }
.frame-room { height: 400px; border-radius: calc(var(--r) * 3); background: var(--s-1); }
.hint strong, .center strong { color: var(--fg); font-weight: 500; word-break: break-all; }
.center .lead { color: var(--fg); font-size: calc(var(--fs) * 1.6); font-weight: 600; }
.code-field { padding: 0 8px; }
.code-field input {
  text-align: center; font-size: calc(var(--fs) * 2.4); font-weight: 600;
  letter-spacing: 0.4em; text-indent: 0.4em; font-variant-numeric: tabular-nums;
}
.link {
  color: var(--accent); font-weight: 500; padding: 2px 4px; border-radius: calc(var(--r) * 1.5);
}
.link:hover:not(:disabled) { text-decoration: underline; }
.icon-btn.small { width: 28px; height: 28px; }

.account { display: flex; flex-direction: column; align-items: center; gap: 6px; padding: 8px 0 12px; text-align: center; }
.avatar { width: 64px; height: 64px; border-radius: 50%; box-shadow: 0 0 0 4px var(--s-2); margin-bottom: 6px; }
.account .address { display: flex; align-items: center; gap: 4px; padding-left: 28px; }
.account .short { font-size: calc(var(--fs) * 2); font-weight: 600; }
.mono {
  font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: calc(var(--fs) * 1.1);
  color: var(--fg-3); word-break: break-all; max-width: 100%;
}
.account .balance { margin: 0; font-size: calc(var(--fs) * 1.6); font-weight: 500; color: var(--fg-2); }
.receive { align-items: center; text-align: center; }
.receive .mono { margin: 0; color: var(--fg-2); }
.receive section { width: 100%; }
.receive h3 { font-size: calc(var(--fs) * 1.3); font-weight: 500; }
.receive-networks { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; justify-content: center; gap: 6px; }
.receive-networks li {
  padding: 6px 10px; border-radius: calc(var(--r) * 4); background: var(--s-1); font-weight: 500;
}
.receive-networks li[aria-current='true'] { box-shadow: inset 0 0 0 1px var(--accent); }
.tokens { display: flex; flex-direction: column; gap: 6px; }
.tokens-total { margin: 0; display: flex; justify-content: space-between; color: var(--fg-2); }
.tokens-total strong { color: var(--fg); }
.tokens-empty { margin: 0; color: var(--fg-3); text-align: center; }
.token-list { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 4px; }
.token-list li {
  display: flex; align-items: center; gap: 10px; padding: 10px 14px;
  border-radius: calc(var(--r) * 4); background: var(--s-1);
}
.token-icon {
  flex: none; width: 32px; height: 32px; border-radius: 50%; display: grid; place-items: center;
  color: #fff; font-weight: 600; object-fit: cover;
}
.token-name, .token-amounts { display: flex; flex-direction: column; min-width: 0; }
.token-name { flex: 1; }
.token-amounts { align-items: flex-end; font-weight: 500; }
.token-symbol, .token-value { color: var(--fg-3); font-weight: 400; }
/* A warning mark on a name: an unverified token, a hidden transfer's reason (issue 38, L-9). */
.flag {
  display: inline-block; margin-left: 6px; padding: 0 6px; border-radius: calc(var(--r) * 2);
  font-size: calc(var(--fs) * 1.1); font-weight: 600; line-height: 1.6; vertical-align: middle;
  color: var(--error); background: color-mix(in srgb, var(--error) 12%, transparent);
}
.tx-flags .flag { margin-left: 0; }
.facts { margin: 0; display: flex; flex-direction: column; gap: 4px; }
.facts > div {
  display: flex; justify-content: space-between; gap: 12px; padding: 12px 14px;
  border-radius: calc(var(--r) * 4); background: var(--s-1);
}
.facts dt { color: var(--fg-2); }
.facts dd { margin: 0; min-width: 0; font-weight: 500; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }

.search-field { height: 48px; }
.search-field input::-webkit-search-cancel-button { cursor: pointer; }
.wallet-scroll {
  height: min(432px, max(240px, 100dvh - 260px)); overflow-y: auto; overscroll-behavior: contain; margin: 0 -16px -16px; padding: 4px 12px 16px;
  scrollbar-width: thin;
}
.wallet-grid {
  list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(4, minmax(0, 1fr)); gap: 8px 4px;
}
.wallet-card {
  display: flex; flex-direction: column; align-items: center; gap: 6px; width: 100%; padding: 10px 4px 8px;
  border-radius: calc(var(--r) * 4); background: var(--s-1); transition: background-color ${VIEW_TRANSITION_MS}ms;
}
button.wallet-card:hover { background: var(--s-3); }
.wallet-card .logo { width: 56px; height: 56px; border-radius: calc(var(--r) * 4); }
.wallet-card .name { min-height: 1.3em; font-size: calc(var(--fs) * 1.2); color: var(--fg-2); }
.wallet-card.skeleton .logo, .wallet-card.skeleton .name { background: var(--s-2); animation: pulse 1.2s ease-in-out infinite; }
.wallet-card.skeleton .name { width: 70%; border-radius: var(--r); }
.sentinel { height: 1px; }
.center.loading { min-height: 64px; }
.center.empty { min-height: 200px; }
.btn.small { height: 40px; width: auto; padding: 0 16px; font-size: calc(var(--fs) * 1.4); }

.network-btn { display: inline-flex; align-items: center; gap: 2px; font-weight: 500; color: var(--fg); }
.network-btn:hover { color: var(--accent); }
.networks { list-style: none; margin: 0; padding: 0; }
.row[aria-current='true'] { box-shadow: inset 0 0 0 1px var(--accent); }
.row:disabled { cursor: default; opacity: 0.7; }
.wallet-logo { position: relative; width: 80px; height: 80px; display: grid; place-items: center; border-radius: calc(var(--r) * 6); background: var(--s-2); }
.wallet-logo img { width: 72px; height: 72px; border-radius: calc(var(--r) * 5); }
.wallet-status {
  position: absolute; right: -6px; bottom: -6px; display: grid; place-items: center; width: 26px; height: 26px;
  border-radius: 50%; background: var(--bg); color: var(--accent); box-shadow: 0 0 0 2px var(--s-2);
}
.wallet-logo.failed .wallet-status { color: var(--error); }

.spin { animation: spin 0.8s linear infinite; }
${walletConnectCss}
${namesCss}
${accountTabsCss}
${sendCss}
${swapCss}

@keyframes fade-in { from { opacity: 0; } }
@keyframes view-in { from { opacity: 0; transform: translateY(4px); } }
@keyframes card-in { from { opacity: 0; transform: translateY(8px) scale(0.98); } }
@keyframes snack-in { from { opacity: 0; transform: translateY(6px); } }
@keyframes spin { to { transform: rotate(360deg); } }
@keyframes pulse { 50% { opacity: 0.5; } }
@keyframes shake {
  10%, 90% { transform: translateX(-2px); }
  20%, 80% { transform: translateX(4px); }
  30%, 50%, 70% { transform: translateX(-6px); }
  40%, 60% { transform: translateX(6px); }
}
@media (prefers-reduced-motion: reduce) {
  *, *::before, *::after { animation: none !important; transition: none !important; }
  .card.shake { box-shadow: var(--shadow), 0 0 0 2px var(--error); }
}
`
