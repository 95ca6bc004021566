//! Emailed approval links (`approvals`, issue 38 H-1, M-3, L-1): the facts their page shows,
//! and the owner's one decision, which the page's POST records.

use super::{users, Store, WriteTx};
use crate::error::Result;

/// What an approval link is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ApprovalKind {
    /// A new device of an existing account.
    Device,
    /// The sign-up of an address that has no account yet.
    Signup,
}

impl ApprovalKind {
    fn as_str(self) -> &'static str {
        match self {
            Self::Device => "device",
            Self::Signup => "signup",
        }
    }

    fn parse(s: &str) -> Self {
        if s == "signup" {
            Self::Signup
        } else {
            Self::Device
        }
    }
}

/// What the owner decided on the approval page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Decision {
    /// "Approve".
    Approved,
    /// "This wasn't me".
    Refused,
}

impl Decision {
    fn as_str(self) -> &'static str {
        match self {
            Self::Approved => "approved",
            Self::Refused => "refused",
        }
    }

    fn parse(s: &str) -> Option<Self> {
        match s {
            "approved" => Some(Self::Approved),
            "refused" => Some(Self::Refused),
            _ => None,
        }
    }
}

/// The request that asked for the approval, as its page and mail name it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Requester {
    /// The `User-Agent` the login's request sent (at most 512 bytes).
    pub(crate) user_agent: String,
    /// The client address's network (`203.0.113.0/24`): frame-host has no location data.
    pub(crate) network: String,
    /// The site: the dapp origin, or the project's allowed origins.
    pub(crate) site: String,
}

/// An approval link, as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Approval {
    /// SHA-256 of the link's token.
    pub(crate) token_hash: String,
    pub(crate) kind: ApprovalKind,
    pub(crate) project_id: String,
    /// Where the link went.
    pub(crate) email: String,
    /// The account (`None` for a sign-up).
    pub(crate) user_id: Option<String>,
    /// The device asking.
    pub(crate) device_id: String,
    /// The email login it belongs to, if any.
    pub(crate) attempt_id: Option<String>,
    pub(crate) requester: Requester,
    /// Unix ms.
    pub(crate) created_at: i64,
    /// Unix ms.
    pub(crate) expires_at: i64,
    /// `None` until the page's POST.
    pub(crate) decision: Option<Decision>,
}

const COLUMNS: &str = "token_hash, kind, project_id, email, user_id, device_id, attempt_id, \
                       user_agent, network, site, created_at, expires_at, decision";

/// A row of [`COLUMNS`].
type Row = (
    String,
    String,
    String,
    String,
    Option<String>,
    String,
    Option<String>,
    String,
    String,
    String,
    i64,
    i64,
    Option<String>,
);

fn approval(row: Row) -> Approval {
    let (token_hash, kind, project_id, email, user_id, device_id, attempt_id) =
        (row.0, row.1, row.2, row.3, row.4, row.5, row.6);
    Approval {
        token_hash,
        kind: ApprovalKind::parse(&kind),
        project_id,
        email,
        user_id,
        device_id,
        attempt_id,
        requester: Requester {
            user_agent: row.7,
            network: row.8,
            site: row.9,
        },
        created_at: row.10,
        expires_at: row.11,
        decision: row.12.as_deref().and_then(Decision::parse),
    }
}

/// Stores `a` in the caller's transaction `tx`, as a [deferred](WriteTx::defer) write.
pub(crate) async fn insert_approval(tx: &mut WriteTx, a: &Approval) -> Result<()> {
    let a = a.clone();
    tx.defer(
        "INSERT INTO approvals (token_hash, kind, project_id, email, user_id, device_id, \
         attempt_id, user_agent, network, site, created_at, expires_at, decision, decided_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, NULL, NULL)",
        move |q| {
            q.bind(a.token_hash)
                .bind(a.kind.as_str())
                .bind(a.project_id)
                .bind(a.email)
                .bind(a.user_id)
                .bind(a.device_id)
                .bind(a.attempt_id)
                .bind(a.requester.user_agent)
                .bind(a.requester.network)
                .bind(a.requester.site)
                .bind(a.created_at)
                .bind(a.expires_at)
        },
    )
    .await
}

impl Store {
    /// The approval link whose token hashes to `token_hash`, unless it has expired at `now`.
    pub(crate) async fn approval(&self, token_hash: &str, now: i64) -> Result<Option<Approval>> {
        let row: Option<Row> = sqlx::query_as(&format!(
            "SELECT {COLUMNS} FROM approvals WHERE token_hash = $1 AND expires_at > $2"
        ))
        .bind(token_hash)
        .bind(now)
        .fetch_optional(self.pool())
        .await?;
        Ok(row.map(approval))
    }

    /// The decision on the newest approval link of login attempt `attempt_id`, if any.
    pub(crate) async fn attempt_decision(&self, attempt_id: &str) -> Result<Option<Decision>> {
        let row: Option<(Option<String>,)> = sqlx::query_as(
            "SELECT decision FROM approvals WHERE attempt_id = $1 \
             ORDER BY created_at DESC LIMIT 1",
        )
        .bind(attempt_id)
        .fetch_optional(self.pool())
        .await?;
        Ok(row.and_then(|(d,)| d.as_deref().and_then(Decision::parse)))
    }

    /// Records `decision` on the link `token_hash`, once, while it has not expired at `now`;
    /// an approval of a device link also makes the device a verified device of its account,
    /// in the same transaction. `None` when the link is unknown, expired or decided already.
    pub(crate) async fn decide_approval(
        &self,
        token_hash: &str,
        decision: Decision,
        now: i64,
    ) -> Result<Option<Approval>> {
        let mut tx = self.begin().await?;
        let done = sqlx::query(
            "UPDATE approvals SET decision = $2, decided_at = $3 \
             WHERE token_hash = $1 AND decision IS NULL AND expires_at > $3",
        )
        .bind(token_hash)
        .bind(decision.as_str())
        .bind(now)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() != 1 {
            tx.rollback().await?;
            return Ok(None);
        }
        let row: Row = sqlx::query_as(&format!(
            "SELECT {COLUMNS} FROM approvals WHERE token_hash = $1"
        ))
        .bind(token_hash)
        .fetch_one(&mut *tx)
        .await?;
        let decided = approval(row);
        if let (Decision::Approved, ApprovalKind::Device, Some(user_id)) =
            (decision, decided.kind, &decided.user_id)
        {
            users::set_device(&mut tx, user_id, &decided.device_id, true, now).await?;
        }
        tx.commit().await?;
        Ok(Some(decided))
    }
}
