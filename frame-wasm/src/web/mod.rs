//! The browser side: reads the page's config, announces the frame to its parent, accepts the
//! one port the gate allows and moves bytes between it and the frame's dispatcher. No
//! decisions are made here; they live in `handshake` and `frame`.

mod draw;
mod fetch;
mod screen;

use std::{cell::RefCell, collections::VecDeque, rc::Rc};

use js_sys::{Array, ArrayBuffer, Function, Object, Promise, Reflect, Uint8Array};
use wasm_bindgen::{prelude::*, JsCast};
use wasm_bindgen_futures::{spawn_local, JsFuture};
use web_sys::{
    console, Document, Headers, MessageEvent, MessagePort, RequestInit, Response, Storage, Window,
};

use crate::{
    config::{ConfigError, FrameConfig, CONFIG_ELEMENT_ID},
    env::{Env, HttpResponse, StorageStatus, WindowMessage},
    frame::{Frame, Incoming},
    handshake::{Decision, Offer, PortGate, CONNECT_MESSAGE_TYPE, LOADED_MESSAGE_TYPE},
    screen::{Outcome, Screen},
};
use fetch::FetchTransport;
use screen::Presenter;

/// The browser as the frame's `Env`: fetch to its own origin, its own localStorage, timers.
/// Where the browser denies a cross-site frame any storage (third-party cookies blocked, strict
/// privacy modes), values live in memory: login works until the page is closed, the frame
/// says so (`FrameEvent::Storage`), and the Storage Access API may give the storage back.
struct WebEnv {
    window: Window,
    /// The storage that works, found at boot (or granted later); `None`: memory only.
    storage: RefCell<Option<Storage>>,
    memory: RefCell<std::collections::HashMap<String, String>>,
    /// The accepted channel, once there is one.
    port: Rc<RefCell<Option<MessagePort>>>,
    presenter: Rc<Presenter>,
    /// Social-login results posted to this window (`listen_for_social_results`).
    social: Rc<RefCell<VecDeque<WindowMessage>>>,
}

/// At most this many social-login messages wait to be taken; older ones are dropped.
const MAX_SOCIAL_MESSAGES: usize = 8;

impl WebEnv {
    fn storage(&self) -> Option<Storage> {
        self.storage.borrow().clone()
    }

    /// `document.requestStorageAccess`, when the browser has the Storage Access API.
    fn storage_access_api(&self) -> Option<(Document, Function)> {
        let document = self.window.document()?;
        let request = Reflect::get(&document, &"requestStorageAccess".into()).ok()?;
        Some((document, request.dyn_into::<Function>().ok()?))
    }
}

/// `storage` if reading and writing it works. A browser that blocks it throws on access (or,
/// with a zero quota, on the first write).
fn usable(storage: Option<Storage>) -> Option<Storage> {
    const PROBE: &str = "oriel/probe";
    let storage = storage?;
    storage.set_item(PROBE, "1").ok()?;
    storage.remove_item(PROBE).ok()?;
    Some(storage)
}

impl Env for WebEnv {
    type Rpc = FetchTransport;

    fn rpc(&self) -> FetchTransport {
        FetchTransport::new(self.window.clone())
    }

    async fn http(
        &self,
        method: &str,
        path: &str,
        body: Option<String>,
        bearer: Option<&str>,
    ) -> Result<HttpResponse, String> {
        let failed = |e: JsValue| format!("{e:?}");
        let headers = Headers::new().map_err(failed)?;
        let init = RequestInit::new();
        init.set_method(method);
        if let Some(body) = body {
            headers
                .set("content-type", "application/json")
                .map_err(failed)?;
            init.set_body(&JsValue::from_str(&body));
        }
        if let Some(token) = bearer {
            headers
                .set("authorization", &format!("Bearer {token}"))
                .map_err(failed)?;
        }
        init.set_headers(&headers);
        let response: Response = JsFuture::from(self.window.fetch_with_str_and_init(path, &init))
            .await
            .map_err(failed)?
            .dyn_into()
            .map_err(failed)?;
        let text = JsFuture::from(response.text().map_err(failed)?)
            .await
            .map_err(failed)?;
        Ok(HttpResponse {
            status: response.status(),
            body: text.as_string().unwrap_or_default(),
        })
    }

    fn load(&self, key: &str) -> Option<String> {
        match self.storage() {
            Some(storage) => storage.get_item(key).ok().flatten(),
            None => self.memory.borrow().get(key).cloned(),
        }
    }

    fn save(&self, key: &str, value: &str) {
        match self.storage() {
            Some(storage) if storage.set_item(key, value).is_ok() => {}
            _ => {
                self.memory.borrow_mut().insert(key.into(), value.into());
            }
        }
    }

    fn storage_status(&self) -> StorageStatus {
        StorageStatus {
            persistent: self.storage.borrow().is_some(),
            can_request: self.storage_access_api().is_some(),
        }
    }

    async fn request_storage_access(&self) -> StorageStatus {
        if let Some((document, request)) = self.storage_access_api() {
            // Chromium's Storage Access API also hands out unpartitioned localStorage when
            // asked for it; other browsers ignore the argument and grant cookies only.
            let types = Object::new();
            let _ = Reflect::set(&types, &"localStorage".into(), &JsValue::TRUE);
            let granted = match request.call1(&document, &types) {
                Ok(promise) => JsFuture::from(Promise::resolve(&promise)).await,
                Err(error) => Err(error),
            };
            match granted {
                Ok(handle) => {
                    let from_handle = Reflect::get(&handle, &"localStorage".into())
                        .ok()
                        .and_then(|s| s.dyn_into::<Storage>().ok());
                    let storage = usable(from_handle)
                        .or_else(|| usable(self.window.local_storage().ok().flatten()));
                    if let Some(storage) = storage {
                        // What this page kept in memory (the device, the session) moves in.
                        for (key, value) in self.memory.borrow_mut().drain() {
                            let _ = storage.set_item(&key, &value);
                        }
                        *self.storage.borrow_mut() = Some(storage);
                    }
                }
                Err(error) => crate::log::warn(&format!("storage access refused: {error:?}")),
            }
        }
        self.storage_status()
    }

    fn delete(&self, key: &str) {
        if let Some(storage) = self.storage() {
            let _ = storage.remove_item(key);
        }
        self.memory.borrow_mut().remove(key);
    }

    async fn sleep(&self, ms: u32) {
        sleep(&self.window, ms).await;
    }

    fn now_ms(&self) -> u64 {
        js_sys::Date::now() as u64
    }

    fn post(&self, message: Vec<u8>) {
        if let Some(port) = self.port.borrow().as_ref() {
            post(port, &message);
        }
    }

    async fn present(&self, screen: Screen<'_>) -> Outcome {
        self.presenter.present(screen).await
    }

    fn apply_theme(&self, theme: &crate::theme::Theme) {
        if let Err(e) = screen::apply_theme(&self.window, theme) {
            crate::log::warn(&format!("could not apply the theme: {e:?}"));
        }
    }

    fn own_origin(&self) -> String {
        self.window.location().origin().unwrap_or_default()
    }

    fn take_social_messages(&self) -> Vec<WindowMessage> {
        self.social.borrow_mut().drain(..).collect()
    }
}

/// Requests wait here and are answered one at a time, in order: the frame's state is never
/// borrowed across an `await`, and a slow request (a device approval) cannot interleave.
struct Inbox {
    /// Messages decoded on arrival, each once.
    queue: VecDeque<Incoming>,
    frame: Option<Frame<WebEnv>>,
    /// Shared with `WebEnv`, for events sent in the middle of a request.
    port: Rc<RefCell<Option<MessagePort>>>,
    /// Shared with `WebEnv`: an `RpcAbort` ends the screen on show at once, instead of
    /// waiting behind the request it aborts.
    presenter: Rc<Presenter>,
}

#[wasm_bindgen(start)]
fn start() {
    if let Err(error) = boot() {
        console::error_1(&format!("oriel frame: {error}").into());
    }
}

fn boot() -> Result<(), String> {
    let window = web_sys::window().ok_or("no window")?;
    let document = window.document().ok_or("no document")?;
    let text = document
        .get_element_by_id(CONFIG_ELEMENT_ID)
        .and_then(|e| e.text_content())
        .ok_or_else(|| ConfigError::Missing.to_string())?;
    let config = FrameConfig::from_json(&text).map_err(|e| e.to_string())?;
    let parent = window
        .parent()
        .ok()
        .flatten()
        .ok_or("the frame has no parent window")?;

    let gate = Rc::new(RefCell::new(PortGate::new(config.allowed_origins.clone())));
    // Announce first: the host's answer crosses two processes while the rest of boot runs. No
    // message can arrive before this function returns (the page runs one task at a time), and
    // by then the port listener is installed; if boot fails below, nothing answers, as when it
    // failed before announcing.
    let announced = announce(&window, &parent, &gate.borrow());
    let port = Rc::default();
    let presenter = Presenter::new(window.clone(), document);
    let storage = usable(window.local_storage().ok().flatten());
    if storage.is_none() {
        crate::log::warn(
            "this browser gives the wallet frame no storage; a login lasts until the page is closed",
        );
    }
    let social = Rc::default();
    listen_for_social_results(&window, Rc::clone(&social))?;
    let mut frame = Frame::new(
        config,
        WebEnv {
            window: window.clone(),
            storage: RefCell::new(storage),
            memory: RefCell::default(),
            port: Rc::clone(&port),
            presenter: Rc::clone(&presenter),
            social,
        },
    );

    frame.connect_networks().map_err(|e| e.to_string())?;
    let inbox = Rc::new(RefCell::new(Inbox {
        queue: VecDeque::new(),
        frame: Some(frame),
        port,
        presenter,
    }));
    listen_for_port(&window, &parent, Rc::clone(&gate), inbox)?;
    if let Some(origin) = announced {
        spawn_local(keep_announcing(window, parent, origin, gate));
    }
    Ok(())
}

/// How often, and how many times, the frame announces itself again until the host's port
/// arrives: the host waits for an announcement (20 s), so a lost message in either direction
/// costs 250 ms this way, not the login. (The social-login failure this was first written for
/// turned out to be frame-host refusing connections past its per-address cap, so the frame
/// never ran; see `connections_per_address`.) The frame takes the first port and no other.
const ANNOUNCE_EVERY_MS: u32 = 250;
const ANNOUNCE_TIMES: u32 = 80;

async fn keep_announcing(
    window: Window,
    parent: Window,
    origin: String,
    gate: Rc<RefCell<PortGate>>,
) {
    for _ in 0..ANNOUNCE_TIMES {
        sleep(&window, ANNOUNCE_EVERY_MS).await;
        if gate.borrow().has_accepted() {
            return;
        }
        post_loaded(&parent, &origin);
    }
}

/// Installs the one window listener that can hand the frame its channel.
fn listen_for_port(
    window: &Window,
    parent: &Window,
    gate: Rc<RefCell<PortGate>>,
    inbox: Rc<RefCell<Inbox>>,
) -> Result<(), String> {
    let parent: JsValue = parent.clone().into();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        let kind = message_type(&event.data());
        // Social-login results have their own listener (`listen_for_social_results`).
        if kind.as_deref() == Some(oriel_protocol::http::social::RESULT_MESSAGE_TYPE) {
            return;
        }
        let origin = event.origin();
        let ports = event.ports();
        let offer = Offer {
            from_parent: event.source().is_some_and(|s| Object::is(&s, &parent)),
            origin: &origin,
            is_connect: kind.as_deref() == Some(CONNECT_MESSAGE_TYPE),
            ports: ports.length(),
        };
        match gate.borrow_mut().offer(offer) {
            Decision::Accept => match ports.get(0).dyn_into::<MessagePort>() {
                Ok(port) => open_channel(port, &origin, inbox.clone()),
                Err(_) => {
                    console::warn_1(&"oriel frame: the offered port is not a MessagePort".into())
                }
            },
            Decision::Ignore(why) => {
                console::warn_1(&format!("oriel frame: ignored {why} (origin {origin})").into())
            }
        }
    });
    window
        .add_event_listener_with_callback("message", on_message.as_ref().unchecked_ref())
        .map_err(|_| "could not listen for messages")?;
    // The listener lives as long as the page.
    on_message.forget();
    Ok(())
}

/// Keeps the `oriel:social-result` messages posted to this window (by frame-host's social
/// login callback page, through the dapp page's popup) for `ConnectSocial`, which checks
/// their origin and content (`handlers::social::accept`). Bounded: at most
/// [`MAX_SOCIAL_MESSAGES`], each at most `MAX_MESSAGE` bytes of JSON.
fn listen_for_social_results(
    window: &Window,
    inbox: Rc<RefCell<VecDeque<WindowMessage>>>,
) -> Result<(), String> {
    use oriel_protocol::http::social::RESULT_MESSAGE_TYPE;
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        let data = event.data();
        if message_type(&data).as_deref() != Some(RESULT_MESSAGE_TYPE) {
            return;
        }
        let Some(text) = js_sys::JSON::stringify(&data)
            .ok()
            .and_then(|t| t.as_string())
            .filter(|t| t.len() <= crate::handlers::social::MAX_MESSAGE)
        else {
            console::warn_1(&"oriel frame: ignored an unreadable social-login message".into());
            return;
        };
        let mut inbox = inbox.borrow_mut();
        if inbox.len() == MAX_SOCIAL_MESSAGES {
            inbox.pop_front();
        }
        inbox.push_back(WindowMessage {
            origin: event.origin(),
            data: text,
        });
    });
    window
        .add_event_listener_with_callback("message", on_message.as_ref().unchecked_ref())
        .map_err(|_| "could not listen for messages")?;
    // The listener lives as long as the page.
    on_message.forget();
    Ok(())
}

/// Serves the protocol on the accepted port: `Ready` first, then the replies, in order.
fn open_channel(port: MessagePort, origin: &str, inbox: Rc<RefCell<Inbox>>) {
    if let Some(frame) = inbox.borrow_mut().frame.as_mut() {
        frame.set_parent_origin(origin);
        post(&port, &frame.ready());
        post(&port, &frame.storage_event());
    }
    *inbox.borrow().port.borrow_mut() = Some(port.clone());
    let reply_port = port.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        let message = Incoming::decode(&bytes_of(&event.data()));
        let mut state = inbox.borrow_mut();
        if message.is_abort() {
            state.presenter.abort();
        }
        if let (Some(theme), Some(window)) = (message.theme(), web_sys::window()) {
            if let Err(e) = screen::apply_theme(&window, &theme) {
                crate::log::warn(&format!("could not apply the theme: {e:?}"));
            }
        }
        state.queue.push_back(message);
        // The drain loop holds the frame while it runs; start one only if none is running.
        if let Some(frame) = state.frame.take() {
            spawn_local(drain(inbox.clone(), frame, reply_port.clone()));
        }
    });
    port.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
}

async fn drain(inbox: Rc<RefCell<Inbox>>, mut frame: Frame<WebEnv>, port: MessagePort) {
    loop {
        let next = inbox.borrow_mut().queue.pop_front();
        let Some(incoming) = next else { break };
        for message in frame.receive(incoming).await {
            post(&port, &message);
        }
    }
    inbox.borrow_mut().frame = Some(frame);
}

/// Tells the parent, at its exact origin and only if it is allowed, that the frame listens.
/// Returns that origin, or `None` when the frame did not announce.
fn announce(window: &Window, parent: &Window, gate: &PortGate) -> Option<String> {
    // `location.ancestorOrigins` (Chromium, Safari) is not in web-sys; read it by name.
    let ancestor = Reflect::get(&window.location(), &"ancestorOrigins".into())
        .ok()
        .filter(|list| list.is_object())
        .and_then(|list| Reflect::get(&list, &0.into()).ok())
        .and_then(|first| first.as_string());
    let referrer = window
        .document()
        .map(|d| d.referrer())
        .filter(|r| !r.is_empty());
    let Some(origin) = gate.parent_origin(ancestor.as_deref(), referrer.as_deref()) else {
        console::warn_1(&"oriel frame: the parent's origin is not allowed; not announcing".into());
        return None;
    };
    post_loaded(parent, &origin);
    Some(origin)
}

/// Posts the announcement to `parent` at `origin`.
fn post_loaded(parent: &Window, origin: &str) {
    let message = Object::new();
    let _ = Reflect::set(&message, &"type".into(), &LOADED_MESSAGE_TYPE.into());
    if parent.post_message(&message, origin).is_err() {
        console::warn_1(&"oriel frame: could not announce to the parent".into());
    }
}

/// Waits `ms` milliseconds on `window`'s timer.
async fn sleep(window: &Window, ms: u32) {
    let promise = Promise::new(&mut |resolve, _| {
        let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms as i32);
    });
    let _ = JsFuture::from(promise).await;
}

/// `data.type` when `data` is an object with a string `type`.
fn message_type(data: &JsValue) -> Option<String> {
    if !data.is_object() {
        return None;
    }
    Reflect::get(data, &"type".into()).ok()?.as_string()
}

/// The bytes of a binary message; anything else reads as empty, which decodes to an error.
fn bytes_of(data: &JsValue) -> Vec<u8> {
    if let Some(array) = data.dyn_ref::<Uint8Array>() {
        array.to_vec()
    } else if data.is_instance_of::<ArrayBuffer>() {
        Uint8Array::new(data).to_vec()
    } else {
        Vec::new()
    }
}

/// Sends bytes, transferring the buffer rather than copying it.
fn post(port: &MessagePort, bytes: &[u8]) {
    let array = Uint8Array::from(bytes);
    if port
        .post_message_with_transferable(&array, &Array::of1(&array.buffer()))
        .is_err()
    {
        console::warn_1(&"oriel frame: could not post a reply".into());
    }
}
