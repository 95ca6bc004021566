/** Styles of the WalletConnect pairing views (QR code, wallet header, copy and deep-link buttons). */
export const walletConnectCss = /* css */ `
.pairing { display: flex; flex-direction: column; align-items: center; gap: 12px; }
.qr {
  position: relative; display: grid; place-items: center; padding: 12px; border-radius: calc(var(--r) * 8);
  background: #fff; box-shadow: 0 0 0 1px var(--line);
}
.qr svg { width: 232px; height: 232px; border-radius: calc(var(--r) * 2); }
.qr-logo {
  position: absolute; top: 50%; left: 50%; transform: translate(-50%, -50%); width: 44px; height: 44px;
  border-radius: calc(var(--r) * 3); background: #fff; box-shadow: 0 0 0 4px #fff;
}
.qr-placeholder {
  display: grid; place-items: center; width: 256px; height: 256px; border-radius: calc(var(--r) * 8);
  background: var(--s-1); color: var(--fg-2);
}
.pairing .wallet { display: flex; align-items: center; gap: 10px; font-weight: 600; color: var(--fg); }
.pairing .wallet img { width: 32px; height: 32px; border-radius: calc(var(--r) * 2.5); }
.pairing .btn { height: 44px; }
.countdown { margin: -6px 0 0; color: var(--fg-3); font-size: calc(var(--fs) * 1.3); font-variant-numeric: tabular-nums; }
.pairing .btn.primary { background: var(--accent); color: var(--on-accent); }
`
