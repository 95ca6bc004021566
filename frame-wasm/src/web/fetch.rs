//! The browser's [`Transport`]: `fetch` with an `AbortController`, and `setTimeout`.

use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{AbortController, Headers, RequestInit, Response, Window};

use crate::rpc::{Transport, TransportError, TransportReply};

/// RPC over the browser's `fetch`. Cloning is cheap (it holds the window).
#[derive(Clone)]
pub(super) struct FetchTransport {
    window: Window,
}

impl FetchTransport {
    /// A transport using `window`'s `fetch` and timers.
    pub(super) fn new(window: Window) -> Self {
        Self { window }
    }
}

/// Aborts the fetch when dropped before [`Abort::disarm`]: the client dropped the request
/// (its timer won the race), so the browser should stop it too.
struct Abort(Option<AbortController>);

impl Abort {
    fn disarm(&mut self) {
        self.0 = None;
    }
}

impl Drop for Abort {
    fn drop(&mut self) {
        if let Some(controller) = self.0.take() {
            controller.abort();
        }
    }
}

/// A JavaScript error's message (`TypeError: Failed to fetch` reads as `Failed to fetch`).
fn failed(e: JsValue) -> TransportError {
    let message = match e.dyn_ref::<js_sys::Error>() {
        Some(error) => String::from(error.message()),
        None => format!("{e:?}"),
    };
    TransportError(message)
}

impl Transport for FetchTransport {
    async fn post(&self, url: &str, body: &str) -> Result<TransportReply, TransportError> {
        let controller = AbortController::new().map_err(failed)?;
        let mut abort = Abort(Some(controller.clone()));
        let headers = Headers::new().map_err(failed)?;
        headers
            .set("content-type", "application/json")
            .map_err(failed)?;
        let init = RequestInit::new();
        init.set_method("POST");
        init.set_headers(&headers);
        init.set_body(&JsValue::from_str(body));
        init.set_signal(Some(&controller.signal()));
        let response: Response = JsFuture::from(self.window.fetch_with_str_and_init(url, &init))
            .await
            .map_err(failed)?
            .dyn_into()
            .map_err(failed)?;
        // Cross-origin, the browser shows Retry-After only if the endpoint exposes it.
        let retry_after = response.headers().get("retry-after").ok().flatten();
        let text = JsFuture::from(response.text().map_err(failed)?)
            .await
            .map_err(failed)?;
        abort.disarm();
        Ok(TransportReply {
            status: response.status(),
            retry_after,
            body: text.as_string().unwrap_or_default(),
        })
    }

    async fn sleep(&self, ms: u32) {
        super::sleep(&self.window, ms).await;
    }

    fn now_ms(&self) -> u64 {
        js_sys::Date::now() as u64
    }
}
