//! Browsers that give a cross-site frame no storage (third-party cookies blocked, strict
//! privacy modes) would silently lose the login at the next reload. The frame says what it
//! has (`FrameEvent::Storage`, right after `Ready`), and on the host's request asks the user,
//! in its own document, to let it keep its storage: the Storage Access API only answers a
//! click made in the frame itself.

use oriel_protocol::{Body, Envelope, ErrorCode, ErrorReply, FrameEvent, Reply, RevealPurpose};

use crate::{
    env::{Env, StorageStatus},
    handler::{encode, Frame},
    screen::{Outcome, Screen},
};

impl<E: Env> Frame<E> {
    /// The `Storage` event: what the browser lets the frame keep.
    pub fn storage_event(&self) -> Vec<u8> {
        let StorageStatus {
            persistent,
            can_request,
        } = self.env.storage_status();
        let event = FrameEvent::Storage {
            persistent,
            can_request,
        };
        encode(Envelope::new(self.version, 0, Body::Event(event)))
    }

    /// Shows the storage access screen and, on Allow, asks the browser. Storage that already
    /// persists, or a browser without the API, answers at once without a screen.
    pub(crate) async fn request_storage_access(&mut self) -> Result<Reply, ErrorReply> {
        let before = self.env.storage_status();
        if before.persistent || !before.can_request {
            return Ok(Reply::RequestStorageAccess {
                persistent: before.persistent,
            });
        }
        let site = self.parent_origin.clone().unwrap_or_default();
        self.reveal(RevealPurpose::StorageAccess);
        let after = match self
            .env
            .present(Screen::StorageAccess { site: &site })
            .await
        {
            Outcome::Aborted => {
                return Err(ErrorReply::new(ErrorCode::Aborted, "Request was aborted"))
            }
            Outcome::Rejected => before,
            Outcome::Approved => self.env.request_storage_access().await,
        };
        if after != before {
            self.env.post(self.storage_event());
        }
        Ok(Reply::RequestStorageAccess {
            persistent: after.persistent,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{config::FrameConfig, test_env::TestEnv};
    use oriel_protocol::{AllowList, SUPPORTED_VERSIONS};
    use pollster::block_on;

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
        frame.request_id = 9;
        let reply = block_on(frame.handle(oriel_protocol::Request::RequestStorageAccess));
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
}
