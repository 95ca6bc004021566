//! Browsers that give a cross-site frame no storage (third-party cookies blocked, strict
//! privacy modes) would silently lose the login at the next reload. The frame says what it
//! has (`FrameEvent::Storage`, right after `Ready`), and on the host's request asks the user,
//! in its own document, to let it keep its storage: the Storage Access API only answers a
//! click made in the frame itself.

use oriel_protocol::{FrameEvent, Reply, RevealPurpose};

use crate::{
    context::Cx,
    env::{Env, StorageStatus},
    error::{Error, Result},
    screen::{Outcome, Screen},
};

/// The `Storage` event: what the browser lets the frame keep.
pub(crate) fn storage_event(status: StorageStatus) -> FrameEvent {
    FrameEvent::Storage {
        persistent: status.persistent,
        can_request: status.can_request,
    }
}

/// `RequestStorageAccess`: shows the storage access screen and, on Allow, asks the browser.
/// Storage that already persists, or a browser without the API, answers at once without a
/// screen. A change is announced with a new `Storage` event.
pub(crate) async fn request<E: Env>(cx: &Cx<'_, E>) -> Result<Reply> {
    let before = cx.env.storage_status();
    if before.persistent || !before.can_request {
        return Ok(Reply::RequestStorageAccess {
            persistent: before.persistent,
        });
    }
    cx.reveal(RevealPurpose::StorageAccess);
    let after = match cx
        .env
        .present(Screen::StorageAccess { site: cx.site })
        .await
    {
        Outcome::Aborted => return Err(Error::Aborted),
        Outcome::Rejected => before,
        Outcome::Approved => cx.env.request_storage_access().await,
    };
    if after != before {
        cx.post(storage_event(after));
    }
    Ok(Reply::RequestStorageAccess {
        persistent: after.persistent,
    })
}
