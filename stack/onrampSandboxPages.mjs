// The sandbox on-ramp's pages (onrampSandbox.mjs): the checkout a buyer reaches from the widget's
// popup, and the purchase's status. Plain HTML forms with a stylesheet of their own and no
// script; every value written into a page is escaped.

/** `text` with HTML's special characters escaped. */
export function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c])
}

/** The pages' stylesheet, served at /buy/sandbox.css. */
export const SANDBOX_CSS = `
:root { color-scheme: light; font: 15px/1.45 system-ui, sans-serif; color: #1c1d22; background: #f3f4f7; }
body { margin: 0; display: grid; place-items: start center; min-height: 100vh; }
main { width: min(420px, 100% - 32px); margin: 24px 0; background: #fff; border-radius: 12px; padding: 20px 22px; box-shadow: 0 2px 12px #0001; }
h1 { font-size: 20px; margin: 0 0 4px; }
.test { background: #fff5d6; border: 1px solid #f0d98c; border-radius: 8px; padding: 8px 10px; font-size: 13px; margin: 10px 0 16px; }
label { display: block; font-size: 13px; color: #555; margin: 12px 0 4px; }
input, select { width: 100%; box-sizing: border-box; font: inherit; padding: 9px 10px; border: 1px solid #c9ccd6; border-radius: 8px; background: #fff; }
.row { display: flex; gap: 8px; } .row > * { flex: 1; }
dl { display: grid; grid-template-columns: 1fr auto; gap: 4px 12px; margin: 14px 0; font-size: 14px; }
dt { color: #555; } dd { margin: 0; text-align: right; font-variant-numeric: tabular-nums; }
button { width: 100%; margin-top: 18px; font: inherit; font-weight: 600; padding: 11px; border: 0; border-radius: 8px; background: #1652f0; color: #fff; cursor: pointer; }
.error { color: #b3261e; background: #fdecea; border-radius: 8px; padding: 8px 10px; margin: 10px 0; }
.done { color: #146c2e; font-weight: 600; }
.mono { font-family: ui-monospace, monospace; font-size: 12px; word-break: break-all; }
`

function page(title, body, { refresh = false } = {}) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
${refresh ? '<meta http-equiv="refresh" content="1">' : ''}<title>${escapeHtml(title)}</title><link rel="stylesheet" href="/buy/sandbox.css"></head>
<body><main>${body}</main></body></html>`
}

const TEST_NOTE =
  '<p class="test">Test mode: no money moves. Pay with the test card <b>4242 4242 4242 4242</b> (any future expiry, any CVC); <b>4000 0000 0000 0002</b> is declined. The crypto is really sent on the local devnet.</p>'

const option = (value, label, selected) =>
  `<option value="${escapeHtml(value)}"${selected ? ' selected' : ''}>${escapeHtml(label)}</option>`

/**
 * The checkout form.
 * @param {{
 *   session: string, quoteId: string, partnerUserId: string, network: { name: string, display_name: string },
 *   assets: { id: string, symbol: string, name: string }[], asset: string, wallets: string[], wallet: string,
 *   amount: string, currency: string, currencies: string[], method: string,
 *   quote?: { total: string, fee: string, networkFee: string, purchase: string, currency: string, symbol: string },
 *   error?: string, card?: { number: string, expiry: string }
 * }} p
 */
export function checkoutPage(p) {
  const quote = p.quote
    ? `<dl aria-label="Quote"><dt>You get</dt><dd data-testid="sandbox-purchase">${escapeHtml(p.quote.purchase)} ${escapeHtml(p.quote.symbol)}</dd>
<dt>Sandbox fee</dt><dd>${escapeHtml(p.quote.fee)} ${escapeHtml(p.quote.currency)}</dd>
<dt>Network fee</dt><dd>${escapeHtml(p.quote.networkFee)} ${escapeHtml(p.quote.currency)}</dd>
<dt>Total</dt><dd>${escapeHtml(p.quote.total)} ${escapeHtml(p.quote.currency)}</dd></dl>`
    : ''
  return page(
    'Oriel Sandbox checkout',
    `<h1>Buy crypto</h1>
<p>Oriel Sandbox, the local stand-in for a card on-ramp.</p>
${TEST_NOTE}
${p.error ? `<p class="error" role="alert">${escapeHtml(p.error)}</p>` : ''}
<form method="post" action="/buy/pay">
<input type="hidden" name="sessionToken" value="${escapeHtml(p.session)}">
<input type="hidden" name="quoteId" value="${escapeHtml(p.quoteId)}">
<input type="hidden" name="partnerUserId" value="${escapeHtml(p.partnerUserId)}">
<input type="hidden" name="network" value="${escapeHtml(p.network.name)}">
<label for="asset">You buy</label>
<select id="asset" name="asset">${p.assets.map((a) => option(a.id, `${a.name} (${a.symbol})`, a.id === p.asset)).join('')}</select>
<label for="wallet">Sent to (${escapeHtml(p.network.display_name)})</label>
<select id="wallet" name="wallet" class="mono">${p.wallets.map((w) => option(w, w, w === p.wallet)).join('')}</select>
<div class="row"><div><label for="amount">You pay</label><input id="amount" name="amount" inputmode="decimal" autocomplete="off" value="${escapeHtml(p.amount)}"></div>
<div><label for="currency">Currency</label><select id="currency" name="currency">${p.currencies.map((c) => option(c, c, c === p.currency)).join('')}</select></div></div>
<label for="method">Payment method</label>
<select id="method" name="method">${option('CARD', 'Card', p.method === 'CARD')}${option('ACH_BANK_ACCOUNT', 'Bank account (settles at once in the sandbox)', p.method === 'ACH_BANK_ACCOUNT')}</select>
${quote}
<label for="card">Card number</label>
<input id="card" name="card" inputmode="numeric" autocomplete="off" placeholder="4242 4242 4242 4242" value="${escapeHtml(p.card?.number ?? '')}">
<div class="row"><div><label for="expiry">Expiry (MM/YY)</label><input id="expiry" name="expiry" autocomplete="off" placeholder="12/34" value="${escapeHtml(p.card?.expiry ?? '')}"></div>
<div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="off" placeholder="123"></div></div>
<button type="submit">Pay</button>
</form>`,
  )
}

/**
 * A purchase's status: delivering (the page reloads itself), delivered or failed.
 * @param {{ status: string, purchase: string, symbol: string, total: string, currency: string, wallet: string, network: string, txHash: string, reason?: string }} p
 */
export function statusPage(p) {
  const pending = p.status === 'ONRAMP_TRANSACTION_STATUS_IN_PROGRESS'
  const failed = p.status === 'ONRAMP_TRANSACTION_STATUS_FAILED'
  const heading = pending ? 'Payment received: sending…' : failed ? 'The purchase failed' : 'Payment complete'
  return page(
    heading,
    `<h1>${escapeHtml(heading)}</h1>
${failed ? `<p class="error" role="alert">${escapeHtml(p.reason ?? 'The crypto could not be sent.')} You were not charged.</p>` : ''}
<dl><dt>${pending ? 'Sending' : failed ? 'Not sent' : 'Sent'}</dt><dd${failed ? '' : ' class="done"'} data-testid="sandbox-sent">${escapeHtml(p.purchase)} ${escapeHtml(p.symbol)}</dd>
<dt>Paid</dt><dd>${escapeHtml(p.total)} ${escapeHtml(p.currency)}</dd>
<dt>Network</dt><dd>${escapeHtml(p.network)}</dd></dl>
<p>To <span class="mono">${escapeHtml(p.wallet)}</span></p>
${p.txHash ? `<p>Transaction <span class="mono" data-testid="sandbox-tx">${escapeHtml(p.txHash)}</span></p>` : ''}
${pending ? '' : '<p>You can close this window and go back to the app.</p>'}`,
    { refresh: pending },
  )
}

/** A page that says `message` and nothing else (an expired link, a bad request). */
export function errorPage(message) {
  return page('Oriel Sandbox', `<h1>Oriel Sandbox</h1><p class="error" role="alert">${escapeHtml(message)}</p>`)
}
