//! The HTML of the approval page (issue 38 H-1): frame-host's own origin, no script, a CSP that
//! loads nothing and posts forms only to frame-host, never framed. The page names the device,
//! site, place and time, and its form's buttons decide: "Approve" or "This wasn't me".

use axum::{
    http::{header, HeaderValue, StatusCode},
    response::{Html, IntoResponse, Response},
};

use crate::{
    http::{headers::ScriptHash, page::escape_html},
    login::approval::{ApprovalPage, APPROVE_PATH},
    store::ApprovalKind,
};

/// The name of the page's cookie, which holds its nonce (`SameSite=Strict`).
pub(super) const COOKIE: &str = "oriel_approval";

const STYLE: &str = "body{font:16px/1.5 system-ui,sans-serif;max-width:34rem;margin:2rem auto;\
padding:0 1rem}dt{font-weight:600}dd{margin:0 0 .75rem}button{font:inherit;padding:.5rem 1rem;\
margin:.25rem .5rem .25rem 0}";

/// The page of `page`; `secure` marks its cookie `Secure`.
pub(super) fn approval(page: &ApprovalPage, secure: bool) -> Response {
    let (title, lead, approve) = match page.kind {
        ApprovalKind::Device => (
            "Approve a new device?",
            "Someone is signing in to your Oriel wallet from a new browser or site. Approve it \
             only if this is you, now.",
            "Approve",
        ),
        ApprovalKind::Signup => (
            "Confirm your email?",
            "Someone is creating an Oriel wallet with this email address. Confirm only if this \
             is you, now.",
            "Approve",
        ),
    };
    let about = &page.about;
    let facts = [
        ("Device", &about.device),
        ("Site", &about.site),
        ("Place", &about.place),
        ("Time", &about.time),
    ]
    .iter()
    .map(|(k, v)| format!("<dt>{k}</dt><dd>{}</dd>", escape_html(v)))
    .collect::<String>();
    let body = format!(
        "<p>{lead}</p><dl>{facts}</dl>\
         <form method=\"post\" action=\"{APPROVE_PATH}\">\
         <input type=\"hidden\" name=\"token\" value=\"{token}\">\
         <input type=\"hidden\" name=\"nonce\" value=\"{nonce}\">\
         <input type=\"hidden\" name=\"pageToken\" value=\"{page_token}\">\
         <button type=\"submit\" name=\"decision\" value=\"approve\">{approve}</button>\
         <button type=\"submit\" name=\"decision\" value=\"refuse\">This wasn't me</button>\
         </form>",
        token = escape_html(&page.token),
        nonce = escape_html(&page.nonce),
        page_token = escape_html(&page.page_token),
    );
    let mut res = html(StatusCode::OK, title, &body);
    let cookie = format!(
        "{COOKIE}={}; Path={APPROVE_PATH}; Max-Age=900; HttpOnly; SameSite=Strict{}",
        page.nonce,
        if secure { "; Secure" } else { "" }
    );
    if let Ok(value) = HeaderValue::from_str(&cookie) {
        res.headers_mut().insert(header::SET_COOKIE, value);
    }
    res
}

/// A page with `title` and one paragraph, `text`.
pub(super) fn message(status: StatusCode, title: &str, text: &str) -> Response {
    html(status, title, &format!("<p>{}</p>", escape_html(text)))
}

fn html(status: StatusCode, title: &str, body: &str) -> Response {
    let page = format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{title}</title><style>{STYLE}</style></head>\
         <body><h1>{title}</h1>{body}</body></html>\n",
        title = escape_html(title),
    );
    let mut res = (status, Html(page)).into_response();
    let csp = format!(
        "default-src 'none'; style-src '{}'; form-action 'self'; frame-ancestors 'none'; \
         base-uri 'none'",
        ScriptHash::of(STYLE)
    );
    let h = res.headers_mut();
    if let Ok(csp) = HeaderValue::from_str(&csp) {
        h.insert(header::CONTENT_SECURITY_POLICY, csp);
    }
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    // The URL holds the link's token: a referrer goes to frame-host itself only (a form POST
    // then still carries its `Origin`, which `no-referrer` would blank), and nothing is cached.
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("same-origin"),
    );
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    res
}
