//! Approval links in two steps (issue 38 H-1, M-3, L-1). The emailed link's GET only shows a
//! page naming the device, site, place and time; only that page's POST decides, so a mail
//! gateway's link scanner or a stray click approves nothing. The POST must carry the page's
//! token (an HMAC over the link and a per-page nonce), the same nonce in a `SameSite=Strict`
//! cookie the page set, and `Origin` = frame-host's own origin. "This wasn't me" refuses the
//! login and tells the owner by mail.
//!
//! Links are made for an existing account's new device (an email login, or a social or
//! Farcaster login's session, whose device gets no recovery key until approved) and for the
//! sign-up of an address with no account (the link, not a guessable code, proves the mailbox).

use std::{net::IpAddr, sync::Arc};

use super::requester::{describe, requester};
use crate::{
    clock::Clock,
    error::ApiError,
    keys::Keys,
    limits::{Limit, Limits},
    mail::{Described, Mailer, Outgoing},
    projects::Projects,
    secrets,
    store::{Approval, ApprovalKind, Decision, Store, User},
};

/// How long an approval link works, milliseconds.
pub(crate) const APPROVAL_TTL_MS: i64 = 15 * 60_000;

/// The path of the approval page (GET) and of its decision (POST).
pub(crate) const APPROVE_PATH: &str = "/auth/v1/device/approve";

/// 403 for a decision POST whose page token, cookie or origin do not check out.
pub(crate) const FORM_REFUSED: &str =
    "This form did not come from the approval page: open the emailed link again";

/// The request that asks for a link, as its route saw it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Asker<'a> {
    /// Its `User-Agent` header.
    pub(crate) user_agent: Option<&'a str>,
    /// The client address (as limits count it).
    pub(crate) ip: IpAddr,
    /// The dapp page's origin, when the frame told it.
    pub(crate) origin: Option<&'a str>,
}

/// What the approval page shows, and the form's hidden fields.
#[derive(Debug, Clone)]
pub(crate) struct ApprovalPage {
    pub(crate) kind: ApprovalKind,
    pub(crate) about: Described,
    /// The link's token, posted back.
    pub(crate) token: String,
    /// The page's nonce: in the form and in the cookie.
    pub(crate) nonce: String,
    /// HMAC over the link and the nonce.
    pub(crate) page_token: String,
}

/// A decision as the page's form posts it.
#[derive(Debug, Clone)]
pub(crate) struct DecisionForm<'a> {
    pub(crate) token: &'a str,
    pub(crate) nonce: &'a str,
    pub(crate) page_token: &'a str,
    /// The nonce the request's cookie carries.
    pub(crate) cookie_nonce: Option<&'a str>,
    /// The request's `Origin`.
    pub(crate) origin: Option<&'a str>,
    pub(crate) decision: Decision,
}

/// What a decision did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Decided {
    /// Recorded: the device approved (or the sign-up confirmed), or the login refused.
    Done(ApprovalKind, Decision),
    /// The link is unknown, expired or decided already.
    NotValid,
}

/// Makes, shows and decides approval links. Cheap to clone.
#[derive(Debug, Clone)]
pub(crate) struct Approvals {
    store: Store,
    clock: Clock,
    keys: Keys,
    mailer: Mailer,
    projects: Projects,
    limits: Limits,
    /// frame-host's public URL: the links are below it, and its origin is the page's.
    public_url: Arc<str>,
}

impl Approvals {
    pub(crate) fn new(
        store: Store,
        clock: Clock,
        keys: Keys,
        mailer: Mailer,
        projects: Projects,
        public_url: &str,
    ) -> Self {
        Self {
            limits: Limits::new(store.clone(), clock.clone()),
            store,
            clock,
            keys,
            mailer,
            projects,
            public_url: public_url.trim_end_matches('/').into(),
        }
    }

    /// Whether the page's cookie is `Secure` (frame-host is served over https).
    pub(crate) fn secure_cookie(&self) -> bool {
        self.public_url.starts_with("https://")
    }

    /// The site a login of `project_id` is for: the dapp origin when the frame told it and the
    /// project allows it, else the project's allowed origins.
    fn site(&self, project_id: &str, origin: Option<&str>) -> String {
        if let Some(origin) = origin.filter(|o| self.projects.allows(project_id, o)) {
            return origin.to_owned();
        }
        self.projects
            .allow_list(project_id)
            .map(|list| {
                let all: Vec<String> = list.patterns().iter().map(ToString::to_string).collect();
                format!("one of {}", all.join(", "))
            })
            .unwrap_or_default()
    }

    /// A new link of `kind` for `device_id` (of `user_id`, or a sign-up of `email`), of login
    /// attempt `attempt_id` if any, asked by `asker`: the row to store and the mail to send.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn new_link(
        &self,
        kind: ApprovalKind,
        project_id: &str,
        email: &str,
        user_id: Option<&str>,
        device_id: &str,
        attempt_id: Option<&str>,
        asker: &Asker<'_>,
    ) -> Result<(Approval, Outgoing), ApiError> {
        let token = secrets::token()?;
        let now = self.clock.now_ms();
        let site = self.site(project_id, asker.origin);
        let approval = Approval {
            token_hash: secrets::token_hash(&token),
            kind,
            project_id: project_id.into(),
            email: email.into(),
            user_id: user_id.map(Into::into),
            device_id: device_id.into(),
            attempt_id: attempt_id.map(Into::into),
            requester: requester(asker.user_agent, asker.ip, site),
            created_at: now,
            expires_at: now + APPROVAL_TTL_MS,
            decision: None,
        };
        let url = format!("{}{APPROVE_PATH}?token={token}", self.public_url);
        let about = describe(&approval.requester, now);
        let mail = match kind {
            ApprovalKind::Device => Outgoing::device_approval(email, &url, &about),
            ApprovalKind::Signup => Outgoing::signup_approval(email, &url, &about),
        };
        Ok((approval, mail))
    }

    /// Asks the owner of `user`'s account to approve `device_id`, which has a session but did
    /// not prove the owner (a social or Farcaster login, issue 38 M-3): a link to the
    /// account's verified email, at most one per device per link lifetime. False when the
    /// account has no email (an existing device must approve it) or a link is on its way.
    pub(crate) async fn ask_owner(
        &self,
        user: &User,
        device_id: &str,
        asker: &Asker<'_>,
    ) -> Result<bool, ApiError> {
        let Some(email) = &user.email else {
            return Ok(false);
        };
        let once = Limit::new(
            format!("approval-ask:{}:{device_id}", user.id),
            1,
            APPROVAL_TTL_MS,
        );
        if self.limits.hit(&[once]).await.is_err() {
            return Ok(false);
        }
        let (approval, mail) = self.new_link(
            ApprovalKind::Device,
            &user.project_id,
            email,
            Some(&user.id),
            device_id,
            None,
            asker,
        )?;
        let now = self.clock.now_ms();
        let mut tx = self.store.begin().await?;
        crate::store::insert_approval(&mut tx, &approval).await?;
        self.mailer.commit_and_send(tx, mail, now).await?;
        tracing::info!(user = %user.id, "device approval asked of the account's email");
        Ok(true)
    }

    /// The page of the link whose token is `token`; `None` when it is unknown, expired or
    /// decided already.
    pub(crate) async fn page(&self, token: &str) -> Result<Option<ApprovalPage>, ApiError> {
        if !well_formed(token) {
            return Ok(None);
        }
        let hash = secrets::token_hash(token);
        let Some(approval) = self.store.approval(&hash, self.clock.now_ms()).await? else {
            return Ok(None);
        };
        if approval.decision.is_some() {
            return Ok(None);
        }
        let nonce = secrets::hex(&secrets::random::<16>()?);
        Ok(Some(ApprovalPage {
            kind: approval.kind,
            about: describe(&approval.requester, approval.created_at),
            token: token.to_owned(),
            page_token: secrets::hex(&self.keys.form_token(nonce.as_bytes(), &hash)),
            nonce,
        }))
    }

    /// Records the decision `form` posts, once its page token, cookie and origin check out
    /// (else 403 [`FORM_REFUSED`]). A refusal mails the owner a notice.
    pub(crate) async fn decide(&self, form: &DecisionForm<'_>) -> Result<Decided, ApiError> {
        let own_origin = crate::projects::own_origin(&self.public_url);
        let hash = secrets::token_hash(form.token);
        let page_token = unhex(form.page_token).unwrap_or_default();
        let genuine = form.origin == Some(own_origin)
            && !form.nonce.is_empty()
            && form.cookie_nonce == Some(form.nonce)
            && self
                .keys
                .form_token_matches(form.nonce.as_bytes(), &hash, &page_token);
        if !genuine {
            tracing::warn!(origin = ?form.origin, "approval decision refused: not from its page");
            return Err(ApiError::Forbidden(FORM_REFUSED));
        }
        let now = self.clock.now_ms();
        let Some(approval) = self
            .store
            .decide_approval(&hash, form.decision, now)
            .await?
        else {
            return Ok(Decided::NotValid);
        };
        tracing::info!(kind = ?approval.kind, decision = ?form.decision, "approval decided");
        if form.decision == Decision::Refused {
            let about = describe(&approval.requester, approval.created_at);
            self.mailer
                .send(Outgoing::sign_in_refused(&approval.email, &about), now)
                .await?;
        }
        Ok(Decided::Done(approval.kind, form.decision))
    }
}

/// A link token as [`secrets::token`] makes them: 64 hex digits.
fn well_formed(token: &str) -> bool {
    token.len() == 64 && token.bytes().all(|b| b.is_ascii_hexdigit())
}

fn unhex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok())
        .collect()
}
