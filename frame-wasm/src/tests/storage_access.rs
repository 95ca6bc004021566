use crate::{
    config::FrameConfig,
    env::{Env, StorageStatus},
    frame::Frame,
    screen::Outcome,
    test_env::TestEnv,
};
use oriel_protocol::{
    AllowList, Body, Envelope, ErrorCode, FrameEvent, Reply, RevealPurpose, SUPPORTED_VERSIONS,
};
use pollster::block_on;
use std::{cell::RefCell, collections::HashMap};

const BLOCKED: StorageStatus = StorageStatus {
    persistent: false,
    can_request: true,
};
const GRANTED: StorageStatus = StorageStatus {
    persistent: true,
    can_request: true,
};

fn frame(status: StorageStatus, access: Option<StorageStatus>) -> Frame<TestEnv> {
    let env = TestEnv::default();
    env.storage_status.set(Some(status));
    env.storage_access.set(access);
    let config = FrameConfig {
        project_id: "demo".into(),
        allowed_origins: AllowList::parse(&["http://localhost:5173"]).unwrap(),
        default_chain_id: "eip155:1".into(),
        networks: Vec::new(),
    };
    let mut frame = Frame::new(config, env);
    frame.set_parent_origin("http://localhost:5173");
    frame
}

fn events(frame: &Frame<TestEnv>) -> Vec<FrameEvent> {
    frame
        .env
        .posted
        .borrow()
        .iter()
        .map(
            |bytes| match Envelope::decode(bytes, SUPPORTED_VERSIONS).unwrap().body {
                Body::Event(event) => event,
                other => panic!("not an event: {other:?}"),
            },
        )
        .collect()
}

#[test]
fn the_storage_event_says_what_the_browser_gives() {
    let frame = frame(BLOCKED, None);
    let event = Envelope::decode(&frame.storage_event(), SUPPORTED_VERSIONS).unwrap();
    assert_eq!(
        event.body,
        Body::Event(FrameEvent::Storage {
            persistent: false,
            can_request: true
        })
    );
}

#[test]
fn allow_in_the_frame_asks_the_browser_and_reports_the_new_storage() {
    let mut frame = frame(BLOCKED, Some(GRANTED));
    let reply = block_on(frame.handle_as(9, oriel_protocol::Request::RequestStorageAccess));
    assert_eq!(reply, Ok(Reply::RequestStorageAccess { persistent: true }));
    assert_eq!(
        *frame.env.shown.borrow(),
        ["storage access: http://localhost:5173"]
    );
    assert_eq!(
        events(&frame),
        [
            FrameEvent::Reveal {
                request_id: 9,
                purpose: RevealPurpose::StorageAccess
            },
            FrameEvent::Storage {
                persistent: true,
                can_request: true
            },
        ]
    );
}

#[test]
fn a_browser_that_refuses_leaves_the_storage_for_the_page() {
    let mut frame = frame(BLOCKED, Some(BLOCKED));
    let reply = block_on(frame.handle(oriel_protocol::Request::RequestStorageAccess));
    assert_eq!(reply, Ok(Reply::RequestStorageAccess { persistent: false }));
    // The reveal only: nothing changed, so no new Storage event.
    assert_eq!(events(&frame).len(), 1);
}

#[test]
fn not_now_asks_nothing_of_the_browser() {
    let mut frame = frame(BLOCKED, Some(GRANTED));
    frame.env.outcome.set(Some(Outcome::Rejected));
    let reply = block_on(frame.handle(oriel_protocol::Request::RequestStorageAccess));
    assert_eq!(reply, Ok(Reply::RequestStorageAccess { persistent: false }));
    assert_eq!(frame.env.storage_status(), BLOCKED);
}

#[test]
fn closing_the_modal_aborts() {
    let mut frame = frame(BLOCKED, Some(GRANTED));
    frame.env.outcome.set(Some(Outcome::Aborted));
    let reply = block_on(frame.handle(oriel_protocol::Request::RequestStorageAccess));
    assert_eq!(reply.unwrap_err().code, ErrorCode::Aborted);
}

#[test]
fn no_screen_when_there_is_nothing_to_ask() {
    for status in [
        GRANTED,
        StorageStatus {
            persistent: false,
            can_request: false,
        },
    ] {
        let mut frame = frame(status, Some(GRANTED));
        let reply = block_on(frame.handle(oriel_protocol::Request::RequestStorageAccess));
        assert_eq!(
            reply,
            Ok(Reply::RequestStorageAccess {
                persistent: status.persistent
            })
        );
        assert!(frame.env.shown.borrow().is_empty());
        assert!(events(&frame).is_empty());
    }
}

/// A frame of project `demo` embedded by `site`, on `storage` (the frame origin's storage as
/// the browser gives it on that site).
fn frame_on(site: &str, storage: HashMap<String, String>) -> Frame<TestEnv> {
    let env = TestEnv {
        storage: RefCell::new(storage),
        ..TestEnv::default()
    };
    let config = FrameConfig {
        project_id: "demo".into(),
        allowed_origins: AllowList::parse(&[SITE_A, SITE_B]).unwrap(),
        default_chain_id: "eip155:1".into(),
        networks: Vec::new(),
    };
    let mut frame = Frame::new(config, env);
    frame.set_parent_origin(site);
    frame
}

/// The device id `frame` sends when an email login starts (frame-host is unreachable here, so
/// the start fails after the device is read or created).
fn device_id_of(frame: &mut Frame<TestEnv>) -> String {
    let request = oriel_protocol::Request::ConnectEmail {
        email: "ada@example.com".into(),
    };
    let _ = block_on(frame.handle(request));
    let calls = frame.env.calls.borrow();
    let (_, path, body) = calls.last().expect("the login started");
    assert_eq!(path, "/auth/v1/email/start");
    let body: serde_json::Value = serde_json::from_str(body.as_deref().unwrap()).unwrap();
    body["deviceId"].as_str().unwrap().to_owned()
}

const SITE_A: &str = "https://a.example";
const SITE_B: &str = "https://b.example";

/// Issue 38, I-1: with storage access, a frame's storage is no longer partitioned per site:
/// the frames of every site share it. Site B's flow (its device, kept in memory while B gave
/// the frame no storage, moved into the storage on Allow) must not overwrite site A's device,
/// and each site keeps its own device id.
#[test]
fn each_site_keeps_its_own_device_even_in_shared_storage() {
    // Site A, with storage: its device is kept.
    let mut a = frame_on(SITE_A, HashMap::new());
    let device_a = device_id_of(&mut a);
    let shared = a.env.storage.take();

    // Site B, in memory, then granted the shared storage: what it kept moves in.
    let mut b = frame_on(SITE_B, HashMap::new());
    let device_b = device_id_of(&mut b);
    let mut after_b = shared;
    after_b.extend(b.env.storage.take());

    // Back on site A: the same device as before; on site B: its own.
    let mut a = frame_on(SITE_A, after_b.clone());
    assert_eq!(
        device_id_of(&mut a),
        device_a,
        "site A's device was overwritten"
    );
    let mut b = frame_on(SITE_B, after_b);
    assert_eq!(device_id_of(&mut b), device_b);
    assert_ne!(device_a, device_b, "one device id serves two sites");
}
