//! Draws the frame's own screens (`crate::screen`) in its document and waits for a click.
//!
//! The buttons start disabled and arm only after the frame has been fully visible to the user
//! for [`ARM_DELAY_MS`]: an IntersectionObserver with `trackVisibility` (Intersection Observer
//! v2) reports whether anything covers, fades or distorts the frame, so a host page that puts
//! the frame under a decoy, or flashes it in just before a click, gets nowhere. Clicks count
//! only when the browser marks them trusted. Text is set with `textContent`, never as markup.

use std::{cell::RefCell, rc::Rc};

use js_sys::{Array, Function, Object, Promise, Reflect};
use wasm_bindgen::{prelude::*, JsCast};
use wasm_bindgen_futures::JsFuture;
use web_sys::{
    Document, Element, Event, HtmlButtonElement, IntersectionObserver, IntersectionObserverEntry,
    Window,
};

use crate::{
    screen::{Outcome, Screen, ARM_DELAY_MS},
    sign::{Row, Value},
};

/// Shows one screen at a time and can abort it from outside (an `RpcAbort`).
pub(super) struct Presenter {
    window: Window,
    document: Document,
    /// Settles the screen on show, with "approved", "rejected" or "aborted".
    settle: RefCell<Option<Function>>,
}

impl Presenter {
    pub(super) fn new(window: Window, document: Document) -> Rc<Self> {
        Rc::new(Self {
            window,
            document,
            settle: RefCell::new(None),
        })
    }

    /// Ends the screen on show, if any, as aborted.
    pub(super) fn abort(&self) {
        if let Some(settle) = self.settle.borrow_mut().take() {
            let _ = settle.call1(&JsValue::NULL, &"aborted".into());
        }
    }

    pub(super) async fn present(&self, screen: Screen<'_>) -> Outcome {
        // A new screen replaces one still open (the host gave up on it).
        self.abort();
        let mut resolve = None;
        let promise = Promise::new(&mut |ok, _| resolve = Some(ok));
        let Some(resolve) = resolve else {
            return Outcome::Aborted;
        };
        *self.settle.borrow_mut() = Some(resolve.clone());
        let shown = match self.draw(&screen, &resolve) {
            Ok(shown) => shown,
            Err(e) => {
                crate::log::warn(&format!("could not draw the screen: {e:?}"));
                self.settle.borrow_mut().take();
                return Outcome::Aborted;
            }
        };
        let result = JsFuture::from(promise).await;
        self.settle.borrow_mut().take();
        shown.close();
        match result.ok().and_then(|v| v.as_string()).as_deref() {
            Some("approved") => Outcome::Approved,
            Some("rejected") => Outcome::Rejected,
            _ => Outcome::Aborted,
        }
    }

    fn draw(&self, screen: &Screen<'_>, settle: &Function) -> Result<Shown, JsValue> {
        let d = &self.document;
        let body = d.body().ok_or("no body")?;
        let root = el(d, "main", "screen")?;
        root.set_attribute("role", "dialog")?;
        root.set_attribute("aria-labelledby", "oriel-screen-title")?;
        let mut buttons = Vec::new();
        match screen {
            Screen::RecoveryPhrase(phrase) => {
                let title = text(d, "h1", "title", "Your recovery phrase")?;
                title.set_id("oriel-screen-title");
                root.append_child(&title)?;
                let warning = text(
                    d,
                    "p",
                    "warning",
                    "These words restore your wallet in any wallet app. Anyone who sees them can \
                     take everything in it. Write them down, keep them offline, and never type \
                     them into a website.",
                )?;
                root.append_child(&warning)?;
                let list = el(d, "ol", "words")?;
                for word in phrase.split(' ') {
                    let item = text(d, "li", "word", word)?;
                    list.append_child(&item)?;
                }
                root.append_child(&list)?;
                let actions = el(d, "div", "actions")?;
                let done = button(d, "Done", "primary")?;
                actions.append_child(&done)?;
                root.append_child(&actions)?;
                buttons.push((done, "approved"));
            }
            Screen::Approval { summary, requester } => {
                let title = text(d, "h1", "title", &summary.title)?;
                title.set_id("oriel-screen-title");
                root.append_child(&title)?;
                let from = text(d, "p", "origin", requester)?;
                root.append_child(&from)?;
                let rows = el(d, "dl", "rows")?;
                for row in &summary.rows {
                    let item = draw_row(d, row)?;
                    rows.append_child(&item)?;
                }
                root.append_child(&rows)?;
                let actions = el(d, "div", "actions")?;
                let reject = button(d, "Reject", "secondary")?;
                let approve = button(d, "Approve", "primary")?;
                actions.append_child(&reject)?;
                actions.append_child(&approve)?;
                root.append_child(&actions)?;
                buttons.push((reject, "rejected"));
                buttons.push((approve, "approved"));
            }
            Screen::StorageAccess { site } => {
                let title = text(d, "h1", "title", "Stay logged in on this site")?;
                title.set_id("oriel-screen-title");
                root.append_child(&title)?;
                let from = text(d, "p", "origin", site)?;
                root.append_child(&from)?;
                let why = text(
                    d,
                    "p",
                    "note",
                    "This browser keeps the wallet from storing anything on this site, so your \
                     login ends when you close the page. Allow it to keep your login here; your \
                     keys stay encrypted on this device.",
                )?;
                root.append_child(&why)?;
                let actions = el(d, "div", "actions")?;
                let later = button(d, "Not now", "secondary")?;
                let allow = button(d, "Allow", "primary")?;
                actions.append_child(&later)?;
                actions.append_child(&allow)?;
                root.append_child(&actions)?;
                buttons.push((later, "rejected"));
                buttons.push((allow, "approved"));
            }
        }
        body.append_child(&root)?;
        Shown::arm(&self.window, root, buttons, settle)
    }
}

/// A screen in the document: its listeners and observer, removed by `close`.
struct Shown {
    root: Element,
    observer: IntersectionObserver,
    _on_visibility: Closure<dyn FnMut(Array)>,
    _on_clicks: Vec<Closure<dyn FnMut(Event)>>,
    timer: Rc<RefCell<Option<i32>>>,
    window: Window,
}

impl Shown {
    fn arm(
        window: &Window,
        root: Element,
        buttons: Vec<(HtmlButtonElement, &'static str)>,
        settle: &Function,
    ) -> Result<Self, JsValue> {
        let armed = Rc::new(RefCell::new(false));
        let mut on_clicks = Vec::new();
        for (button, outcome) in &buttons {
            let (armed, settle, outcome) = (armed.clone(), settle.clone(), *outcome);
            let on_click = Closure::<dyn FnMut(Event)>::new(move |event: Event| {
                if event.is_trusted() && *armed.borrow() {
                    let _ = settle.call1(&JsValue::NULL, &outcome.into());
                }
            });
            button.add_event_listener_with_callback("click", on_click.as_ref().unchecked_ref())?;
            on_clicks.push(on_click);
        }
        let timer: Rc<RefCell<Option<i32>>> = Rc::default();
        let set_armed = {
            let buttons: Vec<HtmlButtonElement> = buttons.iter().map(|(b, _)| b.clone()).collect();
            move |on: bool| {
                *armed.borrow_mut() = on;
                for b in &buttons {
                    b.set_disabled(!on);
                }
            }
        };
        let set_armed = Rc::new(set_armed);
        let on_visibility = {
            let (window, timer, set_armed) = (window.clone(), timer.clone(), set_armed.clone());
            Closure::<dyn FnMut(Array)>::new(move |entries: Array| {
                let Some(entry) = entries.iter().last() else {
                    return;
                };
                let visible = fully_visible(&entry);
                let mut pending = timer.borrow_mut();
                if let Some(id) = pending.take() {
                    window.clear_timeout_with_handle(id);
                }
                set_armed(false);
                if visible {
                    let set_armed = set_armed.clone();
                    let arm = Closure::once_into_js(move || set_armed(true));
                    *pending = window
                        .set_timeout_with_callback_and_timeout_and_arguments_0(
                            arm.unchecked_ref(),
                            ARM_DELAY_MS as i32,
                        )
                        .ok();
                }
            })
        };
        let observer = IntersectionObserver::new_with_options(
            on_visibility.as_ref().unchecked_ref(),
            &visibility_options()?,
        )?;
        observer.observe(&root);
        Ok(Self {
            root,
            observer,
            _on_visibility: on_visibility,
            _on_clicks: on_clicks,
            timer,
            window: window.clone(),
        })
    }

    fn close(self) {
        self.observer.disconnect();
        if let Some(id) = self.timer.borrow_mut().take() {
            self.window.clear_timeout_with_handle(id);
        }
        self.root.remove();
    }
}

/// Observer options: the whole screen in view, with v2 visibility tracking.
fn visibility_options() -> Result<web_sys::IntersectionObserverInit, JsValue> {
    let options = web_sys::IntersectionObserverInit::new();
    options.set_threshold(&JsValue::from_f64(1.0));
    // `trackVisibility` and `delay` are Intersection Observer v2, not in web-sys yet.
    let object: &Object = options.as_ref();
    Reflect::set(object, &"trackVisibility".into(), &JsValue::TRUE)?;
    Reflect::set(object, &"delay".into(), &JsValue::from_f64(100.0))?;
    Ok(options)
}

/// Whether the screen is wholly in view and, where the browser can tell (Intersection
/// Observer v2: Chromium-based browsers), not covered, faded or transformed. Elsewhere
/// `isVisible` is absent and only being in view counts: there the delay still defeats a frame
/// flashed in under the pointer, but not a decoy laid over it — see the frame README.
fn fully_visible(entry: &JsValue) -> bool {
    let Ok(entry) = entry.clone().dyn_into::<IntersectionObserverEntry>() else {
        return false;
    };
    let in_view = entry.is_intersecting() && entry.intersection_ratio() >= 0.99;
    let is_visible = Reflect::get(&entry, &"isVisible".into())
        .ok()
        .and_then(|v| v.as_bool());
    in_view && is_visible.unwrap_or(true)
}

fn draw_row(d: &Document, row: &Row) -> Result<Element, JsValue> {
    let item = el(d, "div", "row")?;
    let label = text(d, "dt", "label", &row.label)?;
    item.append_child(&label)?;
    let value = el(d, "dd", "value")?;
    draw_value(d, &value, &row.value, false)?;
    item.append_child(&value)?;
    Ok(item)
}

/// Draws `value` into `into`; top-level text (a message to sign) gets a scrollable box.
fn draw_value(d: &Document, into: &Element, value: &Value, nested: bool) -> Result<(), JsValue> {
    match value {
        Value::Text(t) => {
            let (tag, class) = if nested {
                ("span", "text")
            } else {
                ("div", "message")
            };
            let p = text(d, tag, class, t)?;
            into.append_child(&p)?;
        }
        Value::Mono(t) => {
            let p = text(d, "code", "mono", t)?;
            into.append_child(&p)?;
        }
        Value::Tree(entries) => {
            let list = el(d, "ul", "tree")?;
            for (key, child) in entries {
                let li = d.create_element("li")?;
                let k = text(d, "span", "key", &format!("{key}: "))?;
                li.append_child(&k)?;
                draw_value(d, &li, child, true)?;
                list.append_child(&li)?;
            }
            into.append_child(&list)?;
        }
    }
    Ok(())
}

fn el(d: &Document, tag: &str, class: &str) -> Result<Element, JsValue> {
    let e = d.create_element(tag)?;
    e.set_class_name(class);
    Ok(e)
}

fn text(d: &Document, tag: &str, class: &str, content: &str) -> Result<Element, JsValue> {
    let e = el(d, tag, class)?;
    e.set_text_content(Some(content));
    Ok(e)
}

fn button(d: &Document, label: &str, class: &str) -> Result<HtmlButtonElement, JsValue> {
    let b: HtmlButtonElement = el(d, "button", class)?.dyn_into()?;
    b.set_type("button");
    b.set_text_content(Some(label));
    b.set_disabled(true);
    Ok(b)
}
