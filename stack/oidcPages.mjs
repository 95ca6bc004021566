// The local identity provider's one page (oidc.mjs): sign in as a listed user or a typed one,
// and allow or deny the app. Plain HTML forms, so a browser test or an HTTP client can drive it.
import { PRESET_USERS } from './oidcProviders.mjs'

const TITLES = {
  google: 'Google',
  apple: 'Apple',
  github: 'GitHub',
  discord: 'Discord',
  x: 'X',
  facebook: 'Facebook',
}

/** `text` with HTML's special characters escaped. */
export function escapeHtml(text) {
  return String(text).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  )
}

/** The display name of provider `name`. */
export function providerTitle(name) {
  return TITLES[name] ?? name
}

/**
 * The sign-in page of interaction `uid` at provider `name`, for the app `clientId`; `error`
 * (a typed user that was refused) is shown above the forms.
 */
export function loginPage({ name, uid, clientId, error }) {
  const action = `/${name}/interaction/${encodeURIComponent(uid)}/login`
  const title = providerTitle(name)
  const presets = PRESET_USERS.map((u) => {
    const email = u.email ? `${u.email}${u.emailVerified ? ', verified' : ', not verified'}` : 'no email'
    const hidden = Object.entries({
      action: 'allow',
      username: u.username,
      name: u.name,
      email: u.email ?? '',
      email_verified: u.emailVerified ? 'on' : '',
    })
      .map(([k, v]) => `<input type="hidden" name="${k}" value="${escapeHtml(v)}">`)
      .join('')
    return `<li><form method="post" action="${action}">${hidden}<button type="submit">Continue as ${escapeHtml(u.name)} (${escapeHtml(email)})</button></form></li>`
  }).join('\n')
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in with ${escapeHtml(title)} (local test provider)</title>
<style>body{font:16px system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem}
li{margin:.4rem 0;list-style:none}ul{padding:0}label{display:block;margin:.5rem 0}
input[type=text],input[type=email]{width:100%;padding:.3rem}button{padding:.4rem .8rem}
.error{color:#b00020}</style></head>
<body>
<h1>Sign in with ${escapeHtml(title)}</h1>
<p>Local test provider. <strong>${escapeHtml(clientId)}</strong> asks for your name, username and email.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<h2>Pick a user</h2>
<ul>
${presets}
</ul>
<h2>Or type one</h2>
<form method="post" action="${action}">
<input type="hidden" name="action" value="allow">
<label>Username <input type="text" name="username" required maxlength="39" pattern="[A-Za-z0-9_.\\-]+"></label>
<label>Name <input type="text" name="name" maxlength="100"></label>
<label>Email <input type="email" name="email" maxlength="254"></label>
<label><input type="checkbox" name="email_verified"> The email is verified</label>
<button type="submit">Sign in and allow</button>
</form>
<h2>Or refuse</h2>
<form method="post" action="${action}"><input type="hidden" name="action" value="deny"><button type="submit">Deny access</button></form>
</body></html>
`
}
