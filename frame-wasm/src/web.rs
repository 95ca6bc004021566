//! The browser side: reads the page's config, announces the frame to its parent, accepts the
//! one port the gate allows and moves bytes between it and the handler. No decisions are made
//! here; they live in `handshake` and `handler`.

use std::{cell::RefCell, rc::Rc};

use js_sys::{Array, ArrayBuffer, Object, Reflect, Uint8Array};
use wasm_bindgen::{prelude::*, JsCast};
use web_sys::{console, MessageEvent, MessagePort, Window};

use crate::{
    config::{ConfigError, FrameConfig, CONFIG_ELEMENT_ID},
    handler::Frame,
    handshake::{Decision, Offer, PortGate, CONNECT_MESSAGE_TYPE, LOADED_MESSAGE_TYPE},
};

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
    let frame = Rc::new(RefCell::new(Frame::new(config)));
    listen_for_port(&window, &parent, gate.clone(), frame)?;
    announce(&window, &parent, &gate.borrow());
    Ok(())
}

/// Installs the one window listener that can hand the frame its channel.
fn listen_for_port(
    window: &Window,
    parent: &Window,
    gate: Rc<RefCell<PortGate>>,
    frame: Rc<RefCell<Frame>>,
) -> Result<(), String> {
    let parent: JsValue = parent.clone().into();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        let origin = event.origin();
        let ports = event.ports();
        let offer = Offer {
            from_parent: event.source().is_some_and(|s| Object::is(&s, &parent)),
            origin: &origin,
            is_connect: message_type(&event.data()).as_deref() == Some(CONNECT_MESSAGE_TYPE),
            ports: ports.length(),
        };
        match gate.borrow_mut().offer(offer) {
            Decision::Accept => match ports.get(0).dyn_into::<MessagePort>() {
                Ok(port) => open_channel(port, frame.clone()),
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

/// Serves the protocol on the accepted port: `Ready` first, then one reply per message.
fn open_channel(port: MessagePort, frame: Rc<RefCell<Frame>>) {
    let reply_port = port.clone();
    let handler = frame.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        let reply = handler.borrow_mut().receive(&bytes_of(&event.data()));
        post(&reply_port, &reply);
    });
    port.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    post(&port, &frame.borrow().ready());
}

/// Tells the parent, at its exact origin and only if it is allowed, that the frame listens.
fn announce(window: &Window, parent: &Window, gate: &PortGate) {
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
        return;
    };
    let message = Object::new();
    let _ = Reflect::set(&message, &"type".into(), &LOADED_MESSAGE_TYPE.into());
    if parent.post_message(&message, &origin).is_err() {
        console::warn_1(&"oriel frame: could not announce to the parent".into());
    }
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
