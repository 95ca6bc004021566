//! The elements of the frame's screens: rows, values, text with hidden characters escaped,
//! buttons, and the copy buttons beside addresses. Every piece of text is set as text, never
//! as markup.

use js_sys::{Function, Promise, Reflect};
use oriel_signer::sign::{Row, Value};
use wasm_bindgen::{prelude::*, JsCast};
use wasm_bindgen_futures::{spawn_local, JsFuture};
use web_sys::{Document, Element, Event, HtmlButtonElement};

use crate::screen::{escaped, pieces, Piece};

/// The class of an address's copy button; the screen's one click listener finds it by it.
const COPY_CLASS: &str = "copy";

/// Draws a row; the scrolling boxes it adds (a top-level message) join `to_read`.
pub(super) fn draw_row(
    d: &Document,
    row: &Row,
    to_read: &mut Vec<Element>,
) -> Result<Element, JsValue> {
    let item = el(d, "div", "row")?;
    let label = shown_text(d, "dt", "label", &row.label)?;
    item.append_child(&label)?;
    let value = el(d, "dd", "value")?;
    draw_value(d, &value, &row.value, false, to_read)?;
    item.append_child(&value)?;
    Ok(item)
}

/// Draws `value` into `into`; top-level text (a message to sign) gets a scrollable box, which
/// joins `to_read`. Everything in a value can come from the dapp (or a token contract), so all
/// of it is drawn with [`append_shown`].
fn draw_value(
    d: &Document,
    into: &Element,
    value: &Value,
    nested: bool,
    to_read: &mut Vec<Element>,
) -> Result<(), JsValue> {
    match value {
        Value::Text(t) => {
            let (tag, class) = if nested {
                ("span", "text dapp-text")
            } else {
                ("div", "message dapp-text")
            };
            let p = shown_text(d, tag, class, t)?;
            into.append_child(&p)?;
            if !nested {
                // A scrolling box must be scrollable from the keyboard too.
                p.set_attribute("tabindex", "0")?;
                to_read.push(p);
            }
        }
        Value::Plain(t) => {
            let p = shown_text(d, "span", "plain dapp-text", t)?;
            into.append_child(&p)?;
        }
        Value::Mono(t) => {
            let p = shown_text(d, "code", "mono dapp-text", t)?;
            into.append_child(&p)?;
        }
        Value::Address(t) => {
            // Never broken: the address scrolls sideways inside its own box if it must, and
            // its copy button moves below it when both do not fit on one line.
            let line = el(d, "span", "address-line")?;
            let code = shown_text(d, "code", "address dapp-text", t)?;
            line.append_child(&code)?;
            let copy = button(d, "Copy", COPY_CLASS)?;
            copy.set_disabled(false);
            copy.set_attribute("aria-label", &format!("Copy address {t}"))?;
            line.append_child(&copy)?;
            into.append_child(&line)?;
        }
        Value::Tree(entries) => {
            let list = el(d, "ul", "tree")?;
            for (key, child) in entries {
                let li = d.create_element("li")?;
                let k = el(d, "span", "key dapp-text")?;
                append_shown(d, &k, key)?;
                k.append_with_str_1(": ")?;
                li.append_child(&k)?;
                draw_value(d, &li, child, true, to_read)?;
                list.append_child(&li)?;
            }
            into.append_child(&list)?;
        }
    }
    Ok(())
}

/// What a click on the screen does when it hits an address's copy button: copies the address
/// beside it to the clipboard (a trusted click only) and says so on the button. The SDK's
/// iframe allows `clipboard-write`; where the browser still refuses, the button says so and
/// the address stays selectable.
pub(super) fn on_copy_click(event: &Event) {
    if !event.is_trusted() {
        return;
    }
    let Some(button) = event
        .target()
        .and_then(|t| t.dyn_into::<Element>().ok())
        .and_then(|t| t.closest(&format!("button.{COPY_CLASS}")).ok().flatten())
    else {
        return;
    };
    let Some(address) = button
        .previous_element_sibling()
        .and_then(|code| code.text_content())
    else {
        return;
    };
    spawn_local(async move {
        let copied = write_clipboard(&address).await;
        let label = if copied { "Copied" } else { "Copy failed" };
        button.set_text_content(Some(label));
    });
}

/// `navigator.clipboard.writeText(text)`; whether it worked.
async fn write_clipboard(text: &str) -> bool {
    let write = || -> Result<Promise, JsValue> {
        let navigator = Reflect::get(&js_sys::global(), &"navigator".into())?;
        let clipboard = Reflect::get(&navigator, &"clipboard".into())?;
        let write: Function = Reflect::get(&clipboard, &"writeText".into())?.dyn_into()?;
        write.call1(&clipboard, &text.into())?.dyn_into()
    };
    match write() {
        Ok(promise) => JsFuture::from(promise).await.is_ok(),
        Err(_) => false,
    }
}

/// Appends `content` to `into` as text nodes, each hidden character (`screen::is_hidden`) as
/// a highlighted `⟨U+…⟩` instead, so nothing invisible or direction-changing reaches the
/// document.
pub(super) fn append_shown(d: &Document, into: &Element, content: &str) -> Result<(), JsValue> {
    for piece in pieces(content) {
        match piece {
            Piece::Text(t) => into.append_with_str_1(t)?,
            Piece::Hidden(c) => {
                let mark = text(d, "span", "hidden-char", &escaped(c))?;
                into.append_child(&mark)?;
            }
        }
    }
    Ok(())
}

pub(super) fn el(d: &Document, tag: &str, class: &str) -> Result<Element, JsValue> {
    let e = d.create_element(tag)?;
    e.set_class_name(class);
    Ok(e)
}

pub(super) fn text(
    d: &Document,
    tag: &str,
    class: &str,
    content: &str,
) -> Result<Element, JsValue> {
    let e = el(d, tag, class)?;
    e.set_text_content(Some(content));
    Ok(e)
}

/// An element with text that may come from the dapp, drawn with [`append_shown`].
pub(super) fn shown_text(
    d: &Document,
    tag: &str,
    class: &str,
    content: &str,
) -> Result<Element, JsValue> {
    let e = el(d, tag, class)?;
    append_shown(d, &e, content)?;
    Ok(e)
}

/// A button, disabled until its screen arms it.
pub(super) fn button(d: &Document, label: &str, class: &str) -> Result<HtmlButtonElement, JsValue> {
    let b: HtmlButtonElement = el(d, "button", class)?.dyn_into()?;
    b.set_type("button");
    b.set_text_content(Some(label));
    b.set_disabled(true);
    Ok(b)
}
