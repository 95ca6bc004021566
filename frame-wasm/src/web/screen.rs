//! Draws the frame's own screens (`crate::screen`) in its document and waits for a click.
//!
//! The buttons start disabled and arm only after the frame has been fully visible to the user
//! for [`ARM_DELAY_MS`]: an IntersectionObserver with `trackVisibility` (Intersection Observer
//! v2) reports whether anything covers, fades or distorts the frame, so a host page that puts
//! the frame under a decoy, or flashes it in just before a click, gets nowhere. Clicks count
//! only when the browser marks them trusted. An approval's Approve also waits until each
//! message box on it, and the request's own scrolling area (the buttons stay in view below
//! it), has been scrolled to its end once (a box that fits counts as read). Text is set with
//! `textContent`, never as markup, and text the dapp controls is drawn with its hidden
//! characters escaped and highlighted (`crate::screen::pieces`); the rows and values are drawn
//! by `draw`.

use std::{
    cell::{Cell, RefCell},
    rc::Rc,
};

use js_sys::{Array, Function, Object, Promise, Reflect};
use wasm_bindgen::{prelude::*, JsCast};
use wasm_bindgen_futures::JsFuture;
use web_sys::{
    Document, Element, Event, HtmlButtonElement, IntersectionObserver, IntersectionObserverEntry,
    Window,
};

use super::draw::{button, draw_row, el, on_copy_click, shown_text, text};
use crate::screen::{
    approval_warnings, scrolled_to_end, Outcome, Screen, ARM_DELAY_MS, READ_TO_THE_END,
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
        // Focusable from script only: it takes the focus when the screen opens, so the next
        // Tab reaches the request's first control.
        root.set_attribute("tabindex", "-1")?;
        // Everything but the buttons scrolls here; the buttons stay in view below it.
        let content = el(d, "div", "content")?;
        root.append_child(&content)?;
        let mut buttons = Vec::new();
        // The message boxes the user must scroll to their end before Approve arms.
        let mut to_read = Vec::new();
        let mut hint = None;
        // What Escape means: leaving the phrase is Done, leaving a request is Reject.
        let escape = match screen {
            Screen::RecoveryPhrase(_) | Screen::Failure(_) => "approved",
            Screen::Approval { .. } | Screen::StorageAccess { .. } => "rejected",
        };
        match screen {
            Screen::RecoveryPhrase(phrase) => {
                let title = text(d, "h1", "title", "Your recovery phrase")?;
                title.set_id("oriel-screen-title");
                content.append_child(&title)?;
                let warning = text(
                    d,
                    "p",
                    "warning",
                    "These words restore your wallet in any wallet app. Anyone who sees them can \
                     take everything in it. Write them down, keep them offline, and never type \
                     them into a website.",
                )?;
                content.append_child(&warning)?;
                let list = el(d, "ol", "words")?;
                for word in phrase.split(' ') {
                    let item = text(d, "li", "word", word)?;
                    list.append_child(&item)?;
                }
                content.append_child(&list)?;
                let actions = el(d, "div", "actions")?;
                let done = button(d, "Done", "primary")?;
                actions.append_child(&done)?;
                root.append_child(&actions)?;
                buttons.push((done, "approved", false));
            }
            Screen::Approval { summary, requester } => {
                let title = shown_text(d, "h1", "title", &summary.title)?;
                title.set_id("oriel-screen-title");
                content.append_child(&title)?;
                let from = shown_text(d, "p", "origin dapp-text", &requester.origin)?;
                content.append_child(&from)?;
                if let Some(line) = requester.claimed_line() {
                    let claimed = shown_text(d, "p", "claimed-name dapp-text", &line)?;
                    content.append_child(&claimed)?;
                }
                for warning in approval_warnings(summary, requester) {
                    let line = text(d, "p", "warning", warning)?;
                    line.set_attribute("role", "alert")?;
                    content.append_child(&line)?;
                }
                let rows = el(d, "dl", "rows")?;
                for row in &summary.rows {
                    let item = draw_row(d, row, &mut to_read)?;
                    rows.append_child(&item)?;
                }
                content.append_child(&rows)?;
                // With the buttons always in view, the request itself is a box to read to its
                // end before Approve, like each message in it.
                to_read.push(content.clone());
                let note = text(d, "p", "note read-hint", READ_TO_THE_END)?;
                note.set_attribute("hidden", "")?;
                root.append_child(&note)?;
                hint = Some(note);
                let actions = el(d, "div", "actions")?;
                let reject = button(d, "Reject", "secondary")?;
                let approve = button(d, "Approve", "primary")?;
                actions.append_child(&reject)?;
                actions.append_child(&approve)?;
                root.append_child(&actions)?;
                buttons.push((reject, "rejected", false));
                buttons.push((approve, "approved", true));
            }
            Screen::Failure(failure) => {
                let title = text(d, "h1", "title", failure.title)?;
                title.set_id("oriel-screen-title");
                content.append_child(&title)?;
                let words = text(d, "p", "warning", failure.words)?;
                words.set_attribute("role", "alert")?;
                content.append_child(&words)?;
                // The error as the chain (or the transport) said it: its text is the node's,
                // so it is drawn like dapp text.
                let details = el(d, "details", "details")?;
                let summary = text(d, "summary", "", "Details")?;
                details.append_child(&summary)?;
                let raw = shown_text(d, "code", "mono dapp-text", &failure.details)?;
                details.append_child(&raw)?;
                content.append_child(&details)?;
                let actions = el(d, "div", "actions")?;
                let close = button(d, "Close", "primary")?;
                actions.append_child(&close)?;
                root.append_child(&actions)?;
                buttons.push((close, "approved", false));
            }
            Screen::StorageAccess { site } => {
                let title = text(d, "h1", "title", "Stay logged in on this site")?;
                title.set_id("oriel-screen-title");
                content.append_child(&title)?;
                let from = shown_text(d, "p", "origin dapp-text", site)?;
                content.append_child(&from)?;
                let why = text(
                    d,
                    "p",
                    "note",
                    "This browser keeps the wallet from storing anything on this site, so your \
                     login ends when you close the page. Allow it to keep your login here; your \
                     keys stay encrypted on this device.",
                )?;
                content.append_child(&why)?;
                let actions = el(d, "div", "actions")?;
                let later = button(d, "Not now", "secondary")?;
                let allow = button(d, "Allow", "primary")?;
                actions.append_child(&later)?;
                actions.append_child(&allow)?;
                root.append_child(&actions)?;
                buttons.push((later, "rejected", false));
                buttons.push((allow, "approved", false));
            }
        }
        body.append_child(&root)?;
        if let Some(root) = root.dyn_ref::<web_sys::HtmlElement>() {
            root.focus()?;
        }
        Shown::arm(
            &self.window,
            root,
            buttons,
            settle,
            Reading::new(to_read, hint),
            escape,
        )
    }
}

/// A screen's button: the element, the outcome it settles, and whether it waits until the
/// screen has been read to its end.
type ScreenButton = (HtmlButtonElement, &'static str, bool);

/// The scrolling boxes of a screen the user must scroll to their end once (a box that fits
/// counts as read), and the hint shown until then.
struct Reading {
    boxes: Vec<(Element, Cell<bool>)>,
    hint: Option<Element>,
}

impl Reading {
    fn new(boxes: Vec<Element>, hint: Option<Element>) -> Self {
        Self {
            boxes: boxes.into_iter().map(|b| (b, Cell::new(false))).collect(),
            hint,
        }
    }

    /// Marks the boxes now at their end as read; whether all have been. A box without a
    /// layout yet (the frame not placed) is not read.
    fn update(&self) -> bool {
        let mut all = true;
        for (element, read) in &self.boxes {
            if !read.get()
                && element.client_height() > 0
                && scrolled_to_end(
                    f64::from(element.scroll_top()),
                    f64::from(element.client_height()),
                    f64::from(element.scroll_height()),
                )
            {
                read.set(true);
            }
            all &= read.get();
        }
        if let Some(hint) = &self.hint {
            let _ = if all {
                hint.set_attribute("hidden", "")
            } else {
                hint.remove_attribute("hidden")
            };
        }
        all
    }
}

/// When a screen's buttons work: after [`ARM_DELAY_MS`] fully visible (`visible`), and for
/// the buttons that wait for it, once the screen has been read to its end (`read`).
struct Arming {
    visible: Cell<bool>,
    read: Cell<bool>,
    reading: Reading,
    buttons: Vec<(HtmlButtonElement, bool)>,
}

impl Arming {
    fn allows(&self, needs_reading: bool) -> bool {
        self.visible.get() && (self.read.get() || !needs_reading)
    }

    /// Reads the scroll positions again and enables exactly the buttons that work now.
    fn refresh(&self) {
        self.read.set(self.reading.update());
        for (button, needs_reading) in &self.buttons {
            button.set_disabled(!self.allows(*needs_reading));
        }
    }
}

/// A screen in the document: its listeners and observer, removed by `close`.
struct Shown {
    root: Element,
    observer: IntersectionObserver,
    _on_visibility: Closure<dyn FnMut(Array)>,
    _on_clicks: Vec<Closure<dyn FnMut(Event)>>,
    _on_scroll: Closure<dyn FnMut(Event)>,
    on_key: Closure<dyn FnMut(web_sys::KeyboardEvent)>,
    timer: Rc<RefCell<Option<i32>>>,
    window: Window,
}

impl Shown {
    fn arm(
        window: &Window,
        root: Element,
        buttons: Vec<ScreenButton>,
        settle: &Function,
        reading: Reading,
        escape: &'static str,
    ) -> Result<Self, JsValue> {
        let arming = Rc::new(Arming {
            visible: Cell::new(false),
            read: Cell::new(false),
            reading,
            buttons: buttons.iter().map(|(b, _, r)| (b.clone(), *r)).collect(),
        });
        arming.refresh();
        let mut on_clicks = Vec::new();
        for (button, outcome, needs_reading) in &buttons {
            let (arming, settle) = (arming.clone(), settle.clone());
            let (outcome, needs_reading) = (*outcome, *needs_reading);
            let on_click = Closure::<dyn FnMut(Event)>::new(move |event: Event| {
                if event.is_trusted() && arming.allows(needs_reading) {
                    let _ = settle.call1(&JsValue::NULL, &outcome.into());
                }
            });
            button.add_event_listener_with_callback("click", on_click.as_ref().unchecked_ref())?;
            on_clicks.push(on_click);
        }
        // One listener for every address's copy button (they need no arming: copying is
        // harmless).
        let on_copy = Closure::<dyn FnMut(Event)>::new(|event: Event| on_copy_click(&event));
        root.add_event_listener_with_callback("click", on_copy.as_ref().unchecked_ref())?;
        on_clicks.push(on_copy);
        let on_scroll = {
            let arming = arming.clone();
            Closure::<dyn FnMut(Event)>::new(move |_: Event| arming.refresh())
        };
        for (element, _) in &arming.reading.boxes {
            element
                .add_event_listener_with_callback("scroll", on_scroll.as_ref().unchecked_ref())?;
        }
        // Escape, pressed by the user in this document, leaves the screen as Reject (or Done):
        // giving up never needs the arming delay. The host page cannot press keys in here.
        let on_key = {
            let settle = settle.clone();
            Closure::<dyn FnMut(web_sys::KeyboardEvent)>::new(
                move |event: web_sys::KeyboardEvent| {
                    if event.is_trusted() && event.key() == "Escape" {
                        event.prevent_default();
                        let _ = settle.call1(&JsValue::NULL, &escape.into());
                    }
                },
            )
        };
        root.owner_document()
            .ok_or("no document")?
            .add_event_listener_with_callback("keydown", on_key.as_ref().unchecked_ref())?;
        let timer: Rc<RefCell<Option<i32>>> = Rc::default();
        let on_visibility = {
            let (window, timer, arming) = (window.clone(), timer.clone(), arming.clone());
            Closure::<dyn FnMut(Array)>::new(move |entries: Array| {
                let Some(entry) = entries.iter().last() else {
                    return;
                };
                let visible = fully_visible(&entry);
                let mut pending = timer.borrow_mut();
                if let Some(id) = pending.take() {
                    window.clear_timeout_with_handle(id);
                }
                arming.visible.set(false);
                arming.refresh();
                if visible {
                    let arming = arming.clone();
                    let arm = Closure::once_into_js(move || {
                        arming.visible.set(true);
                        arming.refresh();
                    });
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
            _on_scroll: on_scroll,
            on_key,
            timer,
            window: window.clone(),
        })
    }

    fn close(self) {
        self.observer.disconnect();
        if let Some(document) = self.root.owner_document() {
            let _ = document.remove_event_listener_with_callback(
                "keydown",
                self.on_key.as_ref().unchecked_ref(),
            );
        }
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

/// Dresses the document in `theme`: `data-theme` on the root for the mode, and the custom
/// properties frame.css reads (`--accent`, `--accent-fg`, `--font`, `--radius`), set through the
/// CSSOM, which the frame's CSP allows where it forbids inline styles. A value the theme lacks
/// falls back to frame.css's own.
pub(super) fn apply_theme(window: &Window, theme: &crate::theme::Theme) -> Result<(), JsValue> {
    let root = window
        .document()
        .and_then(|d| d.document_element())
        .ok_or("no document")?;
    let mode = match theme.mode {
        oriel_protocol::ThemeMode::Light => "light",
        oriel_protocol::ThemeMode::Dark => "dark",
    };
    root.set_attribute("data-theme", mode)?;
    let style = root.dyn_into::<web_sys::HtmlElement>()?.style();
    for (name, value) in [
        ("--accent", theme.accent.as_deref()),
        ("--accent-fg", theme.on_accent),
        ("--font", theme.font.as_deref()),
        ("--radius", theme.radius.as_deref()),
    ] {
        match value {
            Some(value) => style.set_property(name, value)?,
            None => {
                style.remove_property(name)?;
            }
        }
    }
    Ok(())
}
