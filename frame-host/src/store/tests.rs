//! The store against both backends: every scenario runs on a fresh SQLite file and on a
//! fresh PostgreSQL schema (`ORIEL_TEST_POSTGRES_URL`, default
//! `postgres://postgres@127.0.0.1:5432/test`). An unreachable PostgreSQL fails the tests.

use sqlx::{Connection, PgConnection};

mod keys;
mod names;
mod siwx;
use keys::{
    instances_with_other_keys_are_refused, recovery_keys_survive_a_kek_rotation_stopped_midway,
};
use names::names_are_first_come_one_per_address;
use siwx::siwx_nonces_and_sessions;

use super::*;

const DEFAULT_PG_URL: &str = "postgres://postgres@127.0.0.1:5432/test";
const NOW: i64 = 1_800_000_000_000;

/// A store on a throwaway database, removed on drop.
pub(super) struct TestDb {
    pub(super) store: Store,
    url: String,
    _dir: Option<tempfile::TempDir>,
    schema: Option<(String, String)>,
}

impl TestDb {
    /// Closes the pool and drops the schema, letting the runtime finish returning
    /// connections (a dropped transaction's rollback is sent on return) meanwhile.
    pub(super) async fn finish(mut self) {
        self.store.close().await;
        if let Some((admin_url, schema)) = self.schema.take() {
            drop_schema(&admin_url, &schema).await;
        }
    }
}

impl Drop for TestDb {
    /// After a panic: drop the schema from another thread (the test's runtime is not
    /// running while this blocks), giving up on locks after 5 s rather than hanging.
    fn drop(&mut self) {
        if let Some((admin_url, schema)) = self.schema.take() {
            let _ = std::thread::spawn(move || {
                tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                    .unwrap()
                    .block_on(drop_schema(&admin_url, &schema));
            })
            .join();
        }
    }
}

async fn drop_schema(admin_url: &str, schema: &str) {
    let mut conn = PgConnection::connect(admin_url).await.unwrap();
    let sql = format!("SET lock_timeout = '5s'; DROP SCHEMA IF EXISTS {schema} CASCADE");
    if let Err(e) = sqlx::raw_sql(&sql).execute(&mut conn).await {
        eprintln!("could not drop test schema {schema}: {e}");
    }
}

pub(super) async fn sqlite() -> TestDb {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("oriel.sqlite").display());
    let store = Store::open(&url).await.unwrap();
    assert_eq!(store.backend, Backend::Sqlite);
    TestDb {
        store,
        url,
        _dir: Some(dir),
        schema: None,
    }
}

pub(super) async fn postgres() -> TestDb {
    let admin_url = std::env::var("ORIEL_TEST_POSTGRES_URL")
        .ok()
        .filter(|u| !u.is_empty())
        .unwrap_or_else(|| DEFAULT_PG_URL.into());
    let mut conn = PgConnection::connect(&admin_url).await.unwrap_or_else(|e| {
        panic!(
            "PostgreSQL is required for the store tests and is unreachable at {admin_url}: {e}. \
             Start it, or point ORIEL_TEST_POSTGRES_URL at one."
        )
    });
    let schema = format!(
        "oriel_test_{}_{}",
        std::process::id(),
        crate::secrets::id().unwrap()
    );
    sqlx::raw_sql(&format!("CREATE SCHEMA {schema}"))
        .execute(&mut conn)
        .await
        .unwrap();
    conn.close().await.unwrap();
    let sep = if admin_url.contains('?') { '&' } else { '?' };
    let url = format!("{admin_url}{sep}options=-c%20search_path%3D{schema}");
    let db = TestDb {
        store: Store::open(&url).await.unwrap(),
        url,
        _dir: None,
        schema: Some((admin_url, schema.clone())),
    };
    assert_eq!(db.store.backend, Backend::Postgres);
    let (path,): (String,) = sqlx::query_as("SELECT current_schema()::text")
        .fetch_one(db.store.pool())
        .await
        .unwrap();
    assert_eq!(path, schema, "the test's tables live in its own schema");
    db
}

/// Runs each scenario once per backend.
macro_rules! on_both {
    ($($name:ident),* $(,)?) => {
        mod on_sqlite {
            $(#[tokio::test] async fn $name() {
                let db = super::sqlite().await;
                super::$name(&db).await;
                db.finish().await;
            })*
        }
        mod on_postgres {
            $(#[tokio::test] async fn $name() {
                let db = super::postgres().await;
                super::$name(&db).await;
                db.finish().await;
            })*
        }
    };
}

/// PostgreSQL connections the server ended while they sat in the pool (a restart, a proxy's
/// idle cut) are replaced on the way out, not handed to a request that then fails.
#[tokio::test]
async fn postgres_connections_ended_while_idle_are_replaced() {
    let db = postgres().await;
    let name = format!("oriel_idle_{}", crate::secrets::id().unwrap());
    let store = Store::open(&format!("{}&application_name={name}", db.url))
        .await
        .unwrap();
    let one = || async {
        let (n,): (i64,) = sqlx::query_as("SELECT 1::BIGINT")
            .fetch_one(store.pool())
            .await
            .unwrap();
        n
    };
    let (a, b, c) = tokio::join!(one(), one(), one());
    assert_eq!((a, b, c), (1, 1, 1));
    let (admin_url, _) = db.schema.clone().unwrap();
    let mut admin = PgConnection::connect(&admin_url).await.unwrap();
    let ended: Vec<(bool,)> = sqlx::query_as(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1",
    )
    .bind(&name)
    .fetch_all(&mut admin)
    .await
    .unwrap();
    assert!(!ended.is_empty(), "the pool's connections were found");
    tokio::time::sleep(PING_AFTER_IDLE + std::time::Duration::from_millis(100)).await;
    for _ in 0..2 * ended.len() {
        assert_eq!(one().await, 1);
    }
    admin.close().await.unwrap();
    store.close().await;
    db.finish().await;
}

/// PostgreSQL: a right code whose user another login creates while this login's statement runs
/// (one email on two attempts at once) still logs in, as that user, with its device approved
/// and its session stored: the second step of `spend_and_open_login_in_one`.
#[tokio::test]
async fn postgres_login_joins_a_user_created_meanwhile() {
    let db = postgres().await;
    let a = attempt("att-race", "race@b.co", "dev-race", None);
    db.store
        .insert_login_attempt(&a, Some(&code(NOW + 600_000)), None, NOW)
        .await
        .unwrap();
    // The other login has created the user and not committed yet.
    let mut other = db.store.begin().await.unwrap();
    sqlx::query(
        "INSERT INTO users (id, project_id, email, created_at) \
         VALUES ('u-first', 'shop', 'race@b.co', $1)",
    )
    .bind(NOW)
    .execute(&mut *other)
    .await
    .unwrap();
    // This login, on a pool of its own that pg_stat_activity can tell apart.
    let name = format!("oriel_race_{}", crate::secrets::id().unwrap());
    let store = Store::open(&format!("{}&application_name={name}", db.url))
        .await
        .unwrap();
    let login = tokio::spawn({
        let (store, a) = (store.clone(), a.clone());
        async move { try_login(&store, &a, true, "u-second", "r-race").await }
    });
    // Once its user insert waits on the other's row, its statement began without that user.
    let (admin_url, _) = db.schema.clone().unwrap();
    let mut admin = PgConnection::connect(&admin_url).await.unwrap();
    let waiting = "SELECT count(*) FROM pg_stat_activity \
                   WHERE application_name = $1 AND wait_event_type = 'Lock'";
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        let (n,): (i64,) = sqlx::query_as(waiting)
            .bind(&name)
            .fetch_one(&mut admin)
            .await
            .unwrap();
        if n == 1 {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the login never waited on the other's user row"
        );
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
    other.commit().await.unwrap();
    let LoginTry::LoggedIn(user) = login.await.unwrap() else {
        panic!("the right code did not log in")
    };
    assert_eq!(user.id, "u-first", "the user the other login created");
    assert!(db
        .store
        .device_verified("u-first", "dev-race")
        .await
        .unwrap());
    let live = db
        .store
        .session_live("u-first", "dev-race", &family("r-race"), NOW)
        .await;
    assert!(live.unwrap(), "the login's session is stored");
    admin.close().await.unwrap();
    store.close().await;
    db.finish().await;
}

on_both!(
    migrations_apply_once,
    login_creates_the_user_once_and_approves_the_device,
    code_tries_are_limited_and_codes_used_once,
    device_links_are_decided_once_and_expire,
    refresh_tokens_rotate,
    reused_refresh_tokens_end_the_family,
    revoking_a_device_deletes_its_secrets,
    wallet_create_is_atomic,
    device_wraps_and_peppers,
    email_change,
    mailbox_lists_newest_first,
    rate_limits_use_fixed_windows,
    purge_forgets_only_what_has_expired,
    a_dropped_begin_leaves_no_transaction_open,
    a_dropped_batch_transaction_writes_nothing,
    a_mail_in_a_transaction_lands_with_it,
    a_failed_deferred_write_fails_the_commit,
    concurrent_mails_all_land,
    concurrent_guesses_answer_at_most_five,
    a_refused_hit_counts_on_no_limit,
    a_full_peeked_limit_refuses_without_counting,
    the_registry_copy_is_replaced_whole,
    siwx_nonces_and_sessions,
    names_are_first_come_one_per_address,
    instances_with_other_keys_are_refused,
    recovery_keys_survive_a_kek_rotation_stopped_midway,
);

async fn the_registry_copy_is_replaced_whole(db: &TestDb) {
    super::registry::tests::the_registry_copy_is_replaced_whole(&db.store).await;
}

fn code(expires_at: i64) -> NewCode {
    NewCode {
        hash: vec![1; 32],
        salt: vec![2; 16],
        expires_at,
    }
}

fn refresh(hash: &str) -> NewRefresh {
    NewRefresh {
        token_hash: hash.into(),
        project_id: "shop".into(),
        expires_at: NOW + 1_000_000,
    }
}

fn attempt(id: &str, email: &str, device: &str, user_id: Option<String>) -> LoginAttempt {
    LoginAttempt {
        id: id.into(),
        project_id: "shop".into(),
        email: email.into(),
        device_id: device.into(),
        user_id,
        // The code every test attempt gets (`code`), as the verify endpoint reads it back.
        code: CodeState {
            hash: Some(code(0).hash),
            salt: Some(code(0).salt),
            ..CodeState::default()
        },
    }
}

/// The family a test login with `refresh_hash` starts.
fn family(refresh_hash: &str) -> String {
    format!("fam-{refresh_hash}")
}

/// Logs `email` in on `device` with a code, as the verify endpoint does.
async fn login(store: &Store, email: &str, device: &str, refresh_hash: &str) -> User {
    let id = crate::secrets::id().unwrap();
    let a = attempt(&id, email, device, None);
    store
        .insert_login_attempt(&a, Some(&code(NOW + 600_000)), None, NOW)
        .await
        .unwrap();
    let new_id = crate::secrets::id().unwrap();
    match try_login(store, &a, true, &new_id, refresh_hash).await {
        LoginTry::LoggedIn(user) => user,
        other => panic!("the code is unused: {other:?}"),
    }
}

/// One guess at `attempt`'s code, right or wrong, opening a session with `refresh_hash`.
async fn try_login(
    store: &Store,
    attempt: &LoginAttempt,
    right: bool,
    user_id: &str,
    refresh_hash: &str,
) -> LoginTry {
    let refresh = refresh(refresh_hash);
    let family = family(refresh_hash);
    let login = NewLogin {
        user_id,
        refresh: &refresh,
        family: &family,
    };
    store
        .try_login_code(attempt, 5, || right, &login, NOW)
        .await
        .unwrap()
}

async fn migrations_apply_once(db: &TestDb) {
    let again = Store::open(&db.url).await.unwrap();
    let (n,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM oriel_migrations")
        .fetch_one(again.pool())
        .await
        .unwrap();
    assert_eq!(n, MIGRATIONS.len() as i64);
    again.close().await;
}

async fn login_creates_the_user_once_and_approves_the_device(db: &TestDb) {
    let s = &db.store;
    assert_eq!(s.user_by_email("shop", "a@b.co").await.unwrap(), None);
    let u = login(s, "a@b.co", "dev1", "r1").await;
    assert_eq!(u.email.as_deref(), Some("a@b.co"));
    assert_eq!(u.project_id, "shop");
    assert_eq!(s.user(&u.id).await.unwrap().as_ref(), Some(&u));
    assert_eq!(
        s.user_by_email("shop", "a@b.co").await.unwrap(),
        Some(u.clone())
    );
    assert!(s.device_verified(&u.id, "dev1").await.unwrap());
    assert!(!s.device_verified(&u.id, "dev2").await.unwrap());
    let again = login(s, "a@b.co", "dev1", "r2").await;
    assert_eq!(again, u, "same email, same user");
    // A returning user on another device: the device and the session are the user's.
    let elsewhere = login(s, "a@b.co", "dev2", "r4").await;
    assert_eq!(elsewhere, u);
    assert!(s.device_verified(&u.id, "dev2").await.unwrap());
    for (device, hash) in [("dev1", "r1"), ("dev1", "r2"), ("dev2", "r4")] {
        let live = s.session_live(&u.id, device, &family(hash), NOW).await;
        assert!(live.unwrap(), "{device} {hash}");
    }
    assert!(!s
        .session_live(&u.id, "dev2", &family("r2"), NOW)
        .await
        .unwrap());
    let other = login(s, "c@d.co", "dev1", "r3").await;
    assert_ne!(other.id, u.id);
}

async fn code_tries_are_limited_and_codes_used_once(db: &TestDb) {
    let s = &db.store;
    let a = attempt("att1", "a@b.co", "dev1", None);
    s.insert_login_attempt(&a, Some(&code(NOW + 1)), None, NOW)
        .await
        .unwrap();
    let stored = s.login_attempt("att1").await.unwrap().unwrap();
    assert_eq!(
        stored.code,
        CodeState {
            hash: Some(vec![1; 32]),
            salt: Some(vec![2; 16]),
            expires_at: Some(NOW + 1),
            wrong_tries: 0,
            used: false,
        }
    );
    assert_eq!(stored.user_id, None);
    for _ in 0..5 {
        assert!(s
            .reserve_code_try(CodeTable::Login, "att1", 5)
            .await
            .unwrap());
    }
    assert!(!s
        .reserve_code_try(CodeTable::Login, "att1", 5)
        .await
        .unwrap());
    let state = s
        .code_state(CodeTable::Login, "att1")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(state.wrong_tries, 5);

    let b = attempt("att2", "a@b.co", "dev1", None);
    s.insert_login_attempt(&b, Some(&code(NOW + 1)), None, NOW)
        .await
        .unwrap();
    assert_eq!(
        try_login(s, &b, false, "u-new", "r0").await,
        LoginTry::Wrong
    );
    assert_eq!(
        s.code_state(CodeTable::Login, "att2")
            .await
            .unwrap()
            .unwrap()
            .wrong_tries,
        1,
        "a wrong guess stays counted"
    );
    assert!(matches!(
        try_login(s, &b, true, "u-new", "r1").await,
        LoginTry::LoggedIn(_)
    ));
    assert_eq!(
        try_login(s, &b, true, "u-new2", "r2").await,
        LoginTry::Refused,
        "single use"
    );
    let state = s
        .code_state(CodeTable::Login, "att2")
        .await
        .unwrap()
        .unwrap();
    assert!(state.used);
    assert_eq!(state.wrong_tries, 1, "the right try is given back");
    assert!(!s
        .reserve_code_try(CodeTable::Login, "att2", 5)
        .await
        .unwrap());
    assert_eq!(
        s.user_by_email("shop", "a@b.co")
            .await
            .unwrap()
            .map(|u| u.id)
            .as_deref(),
        Some("u-new"),
        "only the right guess logged in"
    );

    // Five wrong guesses lock the code: the right one then compares nothing.
    let c = attempt("att3", "e@f.co", "dev1", None);
    s.insert_login_attempt(&c, Some(&code(NOW + 1)), None, NOW)
        .await
        .unwrap();
    for _ in 0..5 {
        assert_eq!(try_login(s, &c, false, "u-3", "r3").await, LoginTry::Wrong);
    }
    assert_eq!(try_login(s, &c, true, "u-3", "r3").await, LoginTry::Refused);
    assert_eq!(s.user_by_email("shop", "e@f.co").await.unwrap(), None);
    assert!(!s.set_first_code("att2", &code(NOW)).await.unwrap());
}

/// An approval link of `attempt` (kind device) with `token_hash`, expiring at `expires_at`.
fn link(a: &LoginAttempt, token_hash: &str, expires_at: i64) -> Approval {
    Approval {
        token_hash: token_hash.into(),
        kind: ApprovalKind::Device,
        project_id: a.project_id.clone(),
        email: a.email.clone(),
        user_id: a.user_id.clone(),
        device_id: a.device_id.clone(),
        attempt_id: Some(a.id.clone()),
        requester: Requester {
            user_agent: "ua".into(),
            network: "10.0.0.0/24".into(),
            site: "https://shop.example.com".into(),
        },
        created_at: NOW,
        expires_at,
        decision: None,
    }
}

async fn device_links_are_decided_once_and_expire(db: &TestDb) {
    let s = &db.store;
    let u = login(s, "a@b.co", "dev1", "r1").await;
    let a = attempt("att", "a@b.co", "dev2", Some(u.id.clone()));
    s.insert_login_attempt(&a, None, Some(&link(&a, "tok", NOW + 1000)), NOW)
        .await
        .unwrap();
    assert_eq!(
        s.login_attempt("att").await.unwrap().unwrap().code.hash,
        None
    );
    // Reading the link (its page) decides nothing.
    let shown = s.approval("tok", NOW).await.unwrap().unwrap();
    assert_eq!(shown.decision, None);
    assert_eq!(shown.requester.site, "https://shop.example.com");
    assert!(!s.device_verified(&u.id, "dev2").await.unwrap());
    assert_eq!(
        s.decide_approval("nope", Decision::Approved, NOW)
            .await
            .unwrap(),
        None
    );
    let decided = s
        .decide_approval("tok", Decision::Approved, NOW)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(decided.device_id, "dev2");
    assert!(s.device_verified(&u.id, "dev2").await.unwrap());
    assert_eq!(
        s.attempt_decision("att").await.unwrap(),
        Some(Decision::Approved)
    );
    assert_eq!(
        s.decide_approval("tok", Decision::Refused, NOW)
            .await
            .unwrap(),
        None,
        "decided once"
    );
    assert!(s.set_first_code("att", &code(NOW + 5)).await.unwrap());
    assert!(
        !s.set_first_code("att", &code(NOW + 6)).await.unwrap(),
        "once"
    );

    let b = attempt("att-b", "a@b.co", "dev3", Some(u.id.clone()));
    s.insert_login_attempt(&b, None, Some(&link(&b, "tok-b", NOW + 1000)), NOW)
        .await
        .unwrap();
    assert_eq!(s.approval("tok-b", NOW + 1000).await.unwrap(), None);
    assert_eq!(
        s.decide_approval("tok-b", Decision::Approved, NOW + 1000)
            .await
            .unwrap(),
        None,
        "expired"
    );
    assert!(!s.device_verified(&u.id, "dev3").await.unwrap());

    // A refusal verifies nothing.
    let c = attempt("att-c", "a@b.co", "dev4", Some(u.id.clone()));
    s.insert_login_attempt(&c, None, Some(&link(&c, "tok-c", NOW + 1000)), NOW)
        .await
        .unwrap();
    assert!(s
        .decide_approval("tok-c", Decision::Refused, NOW)
        .await
        .unwrap()
        .is_some());
    assert!(!s.device_verified(&u.id, "dev4").await.unwrap());
    assert_eq!(
        s.attempt_decision("att-c").await.unwrap(),
        Some(Decision::Refused)
    );
}

async fn refresh_tokens_rotate(db: &TestDb) {
    let s = &db.store;
    let u = login(s, "a@b.co", "dev1", "r1").await;
    assert_eq!(
        s.rotate_refresh("r1", "dev2", &refresh("x"), NOW)
            .await
            .unwrap(),
        Rotation::Refused,
        "bound to its device"
    );
    let mut other_project = refresh("x");
    other_project.project_id = "other".into();
    assert_eq!(
        s.rotate_refresh("r1", "dev1", &other_project, NOW)
            .await
            .unwrap(),
        Rotation::Refused,
        "bound to its project"
    );
    assert_eq!(
        s.rotate_refresh("r1", "dev1", &refresh("r2"), NOW)
            .await
            .unwrap(),
        Rotation::Rotated(SessionUser {
            user: u.clone(),
            family: family("r1"),
        }),
        "the family carries on"
    );
    assert_eq!(
        s.rotate_refresh("r2", "dev1", &refresh("r3"), NOW + 1_000_000)
            .await
            .unwrap(),
        Rotation::Refused,
        "expired"
    );
    assert!(s
        .session_live(&u.id, "dev1", &family("r1"), NOW)
        .await
        .unwrap());
    assert_eq!(s.revoke_refresh_tokens(&u.id, "dev1").await.unwrap(), 1);
    assert_eq!(
        s.rotate_refresh("r2", "dev1", &refresh("r3"), NOW)
            .await
            .unwrap(),
        Rotation::Refused,
        "signed out"
    );
    assert!(
        !s.session_live(&u.id, "dev1", &family("r1"), NOW)
            .await
            .unwrap(),
        "signing out ends the session's access tokens"
    );
}

async fn reused_refresh_tokens_end_the_family(db: &TestDb) {
    let s = &db.store;
    let u = login(s, "a@b.co", "dev1", "r1").await;
    login(s, "a@b.co", "dev2", "q1").await;
    // Someone with a copy of r1 rotates it first...
    assert!(matches!(
        s.rotate_refresh("r1", "dev1", &refresh("r2"), NOW)
            .await
            .unwrap(),
        Rotation::Rotated(_)
    ));
    // ...so the owner's r1 is a reuse: the old token stops working and ends the family.
    assert_eq!(
        s.rotate_refresh("r1", "dev1", &refresh("r3"), NOW)
            .await
            .unwrap(),
        Rotation::Reused {
            user_id: u.id.clone(),
            device_id: "dev1".into()
        },
        "the old token stops working"
    );
    assert_eq!(
        s.rotate_refresh("r2", "dev1", &refresh("r4"), NOW)
            .await
            .unwrap(),
        Rotation::Refused,
        "the copy's chain is revoked"
    );
    assert!(!s
        .session_live(&u.id, "dev1", &family("r1"), NOW)
        .await
        .unwrap());
    assert!(
        s.session_live(&u.id, "dev2", &family("q1"), NOW)
            .await
            .unwrap(),
        "other devices stay"
    );

    // A signed-out token presented again is refused, not reuse: a newer login stays.
    login(s, "a@b.co", "dev1", "t1").await;
    s.revoke_refresh_tokens(&u.id, "dev1").await.unwrap();
    login(s, "a@b.co", "dev1", "t2").await;
    assert_eq!(
        s.rotate_refresh("t1", "dev1", &refresh("t3"), NOW)
            .await
            .unwrap(),
        Rotation::Refused
    );
    assert!(s
        .session_live(&u.id, "dev1", &family("t2"), NOW)
        .await
        .unwrap());
}

async fn revoking_a_device_deletes_its_secrets(db: &TestDb) {
    let s = &db.store;
    let u = login(s, "a@b.co", "dev1", "r1").await;
    login(s, "a@b.co", "dev2", "r2").await;
    let p1 = s.pepper(&u.id, "dev1", "pep1", NOW).await.unwrap();
    s.pepper(&u.id, "dev2", "pep2", NOW).await.unwrap();
    assert!(s.revoke_device(&u.id, "dev1", NOW).await.unwrap());
    assert!(
        !s.revoke_device(&u.id, "dev1", NOW).await.unwrap(),
        "already revoked"
    );
    assert!(!s.revoke_device(&u.id, "nope", NOW).await.unwrap());
    assert!(!s.device_verified(&u.id, "dev1").await.unwrap());
    assert_eq!(
        s.rotate_refresh("r1", "dev1", &refresh("x"), NOW)
            .await
            .unwrap(),
        Rotation::Refused
    );
    let (n,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM peppers WHERE user_id = $1 AND device_id = 'dev1'")
            .bind(&u.id)
            .fetch_one(s.pool())
            .await
            .unwrap();
    assert_eq!(n, 0, "pepper deleted");
    assert_ne!(
        s.pepper(&u.id, "dev1", "fresh", NOW).await.unwrap(),
        p1,
        "a new pepper would not open old wraps"
    );
    assert!(
        s.device_verified(&u.id, "dev2").await.unwrap(),
        "other devices stay"
    );
    assert_eq!(s.pepper(&u.id, "dev2", "x", NOW).await.unwrap(), "pep2");
}

fn new_wallet(id: &str, device_wrap: &str) -> NewWallet {
    NewWallet {
        wallet_id: id.into(),
        version: 1,
        ciphertext: "Y2lwaGVy".into(),
        nonce: "bm9uY2U=".into(),
        recovery_wrap: "cmVj".into(),
        device_wrap: device_wrap.into(),
        addresses: r#"{"eip155":"0xab","solana":"So1"}"#.into(),
    }
}

fn fresh_key() -> super::SealedKey {
    super::SealedKey {
        sealed: "c2VhbGVk".into(),
        kek: "kek1".into(),
    }
}

async fn count(s: &Store, table: &str) -> i64 {
    let (n,): (i64,) = sqlx::query_as(&format!("SELECT COUNT(*) FROM {table}"))
        .fetch_one(s.pool())
        .await
        .unwrap();
    n
}

async fn wallet_create_is_atomic(db: &TestDb) {
    let s = &db.store;
    let u = login(s, "a@b.co", "dev1", "r1").await;
    // A stale wrap row makes the second insert of the transaction fail...
    sqlx::query("INSERT INTO device_wraps (wallet_id, device_id, wrap, updated_at) VALUES ('w1', 'dev1', 'old', 0)")
        .execute(s.pool())
        .await
        .unwrap();
    assert!(s
        .create_wallet(
            (&u.id, "dev1", "family"),
            &new_wallet("w1", "d1"),
            fresh_key(),
            NOW
        )
        .await
        .is_err());
    // ...and the wallet row of the same transaction is gone with it.
    assert_eq!(count(s, "wallets").await, 0);
    assert_eq!(s.wallet(&u.id, "dev1").await.unwrap(), None);
    sqlx::query("DELETE FROM device_wraps")
        .execute(s.pool())
        .await
        .unwrap();

    assert!(s
        .create_wallet(
            (&u.id, "dev1", "family"),
            &new_wallet("w1", "d1"),
            fresh_key(),
            NOW
        )
        .await
        .unwrap());
    assert!(
        !s.create_wallet(
            (&u.id, "dev2", "family"),
            &new_wallet("w2", "d2"),
            fresh_key(),
            NOW
        )
        .await
        .unwrap(),
        "one wallet per user"
    );
    let v = login(s, "c@d.co", "dev9", "r9").await;
    assert!(
        !s.create_wallet(
            (&v.id, "dev9", "family"),
            &new_wallet("w1", "d9"),
            fresh_key(),
            NOW
        )
        .await
        .unwrap(),
        "wallet ids are unique"
    );
    assert_eq!(count(s, "wallets").await, 1);
    assert_eq!(count(s, "device_wraps").await, 1, "losers stored no wrap");
    let w = s.wallet(&u.id, "dev1").await.unwrap().unwrap();
    assert_eq!(
        w,
        StoredWallet {
            wallet_id: "w1".into(),
            version: 1,
            ciphertext: "Y2lwaGVy".into(),
            nonce: "bm9uY2U=".into(),
            recovery_wrap: "cmVj".into(),
            device_wrap: Some("d1".into()),
            addresses: r#"{"eip155":"0xab","solana":"So1"}"#.into(),
        }
    );
}

async fn device_wraps_and_peppers(db: &TestDb) {
    let s = &db.store;
    let u = login(s, "a@b.co", "dev1", "r1").await;
    assert!(
        !s.put_device_wrap(&u.id, "w1", "dev2", "d2", NOW)
            .await
            .unwrap(),
        "no wallet"
    );
    assert!(s
        .create_wallet(
            (&u.id, "dev1", "family"),
            &new_wallet("w1", "d1"),
            fresh_key(),
            NOW
        )
        .await
        .unwrap());
    assert_eq!(
        s.wallet(&u.id, "dev2").await.unwrap().unwrap().device_wrap,
        None
    );
    assert!(s
        .put_device_wrap(&u.id, "w1", "dev2", "d2", NOW)
        .await
        .unwrap());
    assert!(s
        .put_device_wrap(&u.id, "w1", "dev2", "d2b", NOW)
        .await
        .unwrap());
    assert_eq!(
        s.wallet(&u.id, "dev2")
            .await
            .unwrap()
            .unwrap()
            .device_wrap
            .as_deref(),
        Some("d2b")
    );
    let v = login(s, "c@d.co", "dev9", "r9").await;
    assert!(
        !s.put_device_wrap(&v.id, "w1", "dev9", "x", NOW)
            .await
            .unwrap(),
        "not theirs"
    );

    let p = s.pepper(&u.id, "dev1", "first", NOW).await.unwrap();
    assert_eq!(p, "first");
    assert_eq!(
        s.pepper(&u.id, "dev1", "second", NOW).await.unwrap(),
        "first"
    );
    assert_eq!(
        s.pepper(&u.id, "dev2", "other", NOW).await.unwrap(),
        "other"
    );
}

async fn email_change(db: &TestDb) {
    let s = &db.store;
    let u = login(s, "a@b.co", "dev1", "r1").await;
    login(s, "taken@b.co", "dev2", "r2").await;
    let change = |id: &str, to: &str| EmailChange {
        id: id.into(),
        user_id: u.id.clone(),
        new_email: to.into(),
        stage: "primary".into(),
        code: CodeState::default(),
    };
    s.insert_email_change(&change("c1", "new@b.co"), &code(NOW + 10), NOW)
        .await
        .unwrap();
    let c = s.email_change("c1").await.unwrap().unwrap();
    assert_eq!(c.stage, "primary");
    assert_eq!(
        s.finish_email_change(&c).await.unwrap(),
        EmailChangeOutcome::Gone,
        "not at the second stage"
    );
    assert!(s
        .reserve_code_try(CodeTable::EmailChange, "c1", 5)
        .await
        .unwrap());
    assert!(s.advance_email_change("c1", &code(NOW + 20)).await.unwrap());
    assert!(!s.advance_email_change("c1", &code(NOW + 20)).await.unwrap());
    let c = s.email_change("c1").await.unwrap().unwrap();
    assert_eq!((c.stage.as_str(), c.code.wrong_tries), ("secondary", 0));
    assert_eq!(
        s.finish_email_change(&c).await.unwrap(),
        EmailChangeOutcome::Changed
    );
    assert_eq!(
        s.user(&u.id).await.unwrap().unwrap().email.as_deref(),
        Some("new@b.co")
    );
    assert_eq!(
        s.finish_email_change(&c).await.unwrap(),
        EmailChangeOutcome::Gone
    );

    s.insert_email_change(&change("c2", "taken@b.co"), &code(NOW + 10), NOW)
        .await
        .unwrap();
    assert!(s.advance_email_change("c2", &code(NOW + 20)).await.unwrap());
    let c = s.email_change("c2").await.unwrap().unwrap();
    assert_eq!(
        s.finish_email_change(&c).await.unwrap(),
        EmailChangeOutcome::EmailTaken
    );
    assert_eq!(
        s.user(&u.id).await.unwrap().unwrap().email.as_deref(),
        Some("new@b.co")
    );
    let state = s
        .code_state(CodeTable::EmailChange, "c2")
        .await
        .unwrap()
        .unwrap();
    assert!(!state.used, "rolled back with the failed change");
}

async fn mailbox_lists_newest_first(db: &TestDb) {
    let s = &db.store;
    for (to, subject) in [("a@b.co", "one"), ("x@y.co", "other"), ("a@b.co", "two")] {
        s.insert_mail(Mail {
            to: to.into(),
            subject: subject.into(),
            text: "t".into(),
            sent_at: NOW,
        })
        .await
        .unwrap();
    }
    let subjects: Vec<String> = s
        .mails_to("a@b.co")
        .await
        .unwrap()
        .into_iter()
        .map(|m| m.subject)
        .collect();
    assert_eq!(
        subjects,
        ["two", "one"],
        "same timestamp, still newest first"
    );
    assert!(s.mails_to("nobody@b.co").await.unwrap().is_empty());
}

async fn rate_limits_use_fixed_windows(db: &TestDb) {
    let s = &db.store;
    assert_eq!(s.rate_limit_hit("e", 1, 30_000, NOW).await.unwrap(), None);
    assert_eq!(
        s.rate_limit_hit("e", 1, 30_000, NOW).await.unwrap(),
        Some(30_000)
    );
    assert_eq!(
        s.rate_limit_hit("e", 1, 30_000, NOW + 10_000)
            .await
            .unwrap(),
        Some(20_000)
    );
    assert_eq!(
        s.rate_limit_hit("other", 1, 30_000, NOW).await.unwrap(),
        None
    );
    assert_eq!(
        s.rate_limit_hit("e", 1, 30_000, NOW + 30_000)
            .await
            .unwrap(),
        None
    );
    for _ in 0..3 {
        assert_eq!(s.rate_limit_hit("ip", 3, 60_000, NOW).await.unwrap(), None);
    }
    assert_eq!(
        s.rate_limit_hit("ip", 3, 60_000, NOW + 1).await.unwrap(),
        Some(59_999)
    );
}

async fn purge_forgets_only_what_has_expired(db: &TestDb) {
    let s = &db.store;
    let user = login(s, "ann@b.co", "dev-1", "r-live").await;
    // An old finished email change and export code, and a fresh export code.
    let day = crate::store::purge::KEEP_ATTEMPTS_MS;
    s.insert_export_code("old", &user.id, &code(NOW + 10), NOW - day - 1)
        .await
        .unwrap();
    s.insert_export_code("new", &user.id, &code(NOW + 10), NOW)
        .await
        .unwrap();
    s.rate_limit_hit("ip:1.2.3.4", 20, 600_000, NOW - day - 1)
        .await
        .unwrap();
    s.rate_limit_hit("ip:5.6.7.8", 20, 600_000, NOW)
        .await
        .unwrap();
    for (to, sent_at) in [("old@b.co", NOW - day - 1), ("new@b.co", NOW)] {
        let mail = Mail {
            to: to.into(),
            subject: "Your Oriel code".into(),
            text: "Your Oriel code is 123456.".into(),
            sent_at,
        };
        s.insert_mail(mail).await.unwrap();
    }
    let attempts = count(s, "login_attempts").await;

    s.purge_expired(NOW).await.unwrap();
    assert!(s.mails_to("old@b.co").await.unwrap().is_empty(), "old mail");
    assert_eq!(s.mails_to("new@b.co").await.unwrap().len(), 1);
    assert!(s.export_code("old").await.unwrap().is_none());
    assert!(s.export_code("new").await.unwrap().is_some());
    assert_eq!(count(s, "rate_limits").await, 1);
    // Today's login attempt, the user, the device and the live refresh token stay.
    assert_eq!(count(s, "login_attempts").await, attempts);
    assert_eq!(count(s, "refresh_tokens").await, 1);
    assert!(s.user(&user.id).await.unwrap().is_some());

    // The refresh token goes once it has expired (NOW + 1_000_000), not before.
    s.purge_expired(NOW + 999_999).await.unwrap();
    assert_eq!(count(s, "refresh_tokens").await, 1);
    s.purge_expired(NOW + 1_000_001).await.unwrap();
    assert_eq!(count(s, "refresh_tokens").await, 0);
    // A day later the attempt is gone too; the user and device stay.
    s.purge_expired(NOW + day + 1).await.unwrap();
    assert_eq!(count(s, "login_attempts").await, 0);
    assert!(s.user(&user.id).await.unwrap().is_some());
    assert_eq!(count(s, "devices").await, 1);
}

/// A request dropped while its `BEGIN` is under way (a client hanging up) once left the
/// pooled connection inside a transaction no one could end: the next `BEGIN` on it failed
/// and, on SQLite, every other writer waited on its lock.
async fn a_dropped_begin_leaves_no_transaction_open(db: &TestDb) {
    let s = &db.store;
    for _ in 0..8 {
        let mut begin = std::pin::pin!(s.begin());
        // One poll sends the BEGIN; it completes while nothing waits for it, then the
        // caller goes away.
        let _ = tokio::time::timeout(Duration::ZERO, &mut begin).await;
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    for n in 0..8 {
        let mut tx = s.begin().await.unwrap();
        sqlx::query("INSERT INTO rate_limits (bucket, window_start, hits) VALUES ($1, 0, 0)")
            .bind(format!("after-drop-{n}"))
            .execute(&mut *tx)
            .await
            .unwrap();
        tx.commit().await.unwrap();
    }
    assert_eq!(count(s, "rate_limits").await, 8);
}

/// A transaction begun by its first batch ([`Store::begin_batch`]) and dropped without a
/// commit, after that batch ran or before it was sent, writes nothing, and the next writers
/// find the lock free and their pooled connection outside any transaction.
async fn a_dropped_batch_transaction_writes_nothing(db: &TestDb) {
    let s = &db.store;
    let insert = |begin: &str, name: String| {
        format!(
            "{begin}INSERT INTO rate_limits (bucket, window_start, hits) VALUES ('{name}', 0, 0)"
        )
    };
    for n in 0..4 {
        let (mut tx, begin) = s.begin_batch(n % 2 == 0).await.unwrap();
        sqlx::query(&insert(begin, format!("dropped-{n}")))
            .execute(&mut *tx)
            .await
            .unwrap();
        drop(tx);
        let (unsent, _) = s.begin_batch(false).await.unwrap();
        drop(unsent);
    }
    for n in 0..4 {
        let (mut tx, begin) = s.begin_batch(false).await.unwrap();
        sqlx::query(&insert(begin, format!("kept-{n}")))
            .execute(&mut *tx)
            .await
            .unwrap();
        tx.commit().await.unwrap();
        let mut tx = s.begin().await.unwrap();
        sqlx::query(&insert("", format!("kept-too-{n}")))
            .execute(&mut *tx)
            .await
            .unwrap();
        tx.commit().await.unwrap();
    }
    assert_eq!(count(s, "rate_limits").await, 8);
}

/// A dev mail stored in a write transaction lands exactly when the transaction commits.
async fn a_mail_in_a_transaction_lands_with_it(db: &TestDb) {
    let s = &db.store;
    let mail = |subject: &str| Mail {
        to: "tx@b.co".into(),
        subject: subject.into(),
        text: "t".into(),
        sent_at: NOW,
    };
    let mut dropped = s.begin().await.unwrap();
    insert_mail_in(&mut dropped, mail("dropped")).await.unwrap();
    drop(dropped);
    let mut kept = s.begin_unflushed().await.unwrap();
    insert_mail_in(&mut kept, mail("kept")).await.unwrap();
    kept.commit().await.unwrap();
    // A batch that would end the transaction leaves that to `tail_committed` when writes were
    // deferred, which sends them with the commit.
    let (mut tailed, begin) = s.begin_batch(false).await.unwrap();
    sqlx::query(&format!("{begin}SELECT 1"))
        .fetch_all(&mut *tailed)
        .await
        .unwrap();
    insert_mail_in(&mut tailed, mail("tailed")).await.unwrap();
    let end = tailed.commit_tail();
    assert_eq!(end, "");
    sqlx::query(&format!("SELECT 2{end}"))
        .fetch_all(&mut *tailed)
        .await
        .unwrap();
    tailed.tail_committed().await.unwrap();
    // A write deferred after SQLite's batch took the COMMIT is refused, never lost unsaid.
    let (mut late, begin) = s.begin_batch(false).await.unwrap();
    let end = late.commit_tail();
    sqlx::query(&format!("{begin}SELECT 1{end}"))
        .fetch_all(&mut *late)
        .await
        .unwrap();
    let refused = insert_mail_in(&mut late, mail("late")).await.is_err();
    assert_eq!(refused, !end.is_empty(), "refused on SQLite only");
    late.tail_committed().await.unwrap();
    let subjects: Vec<_> = s.mails_to("tx@b.co").await.unwrap();
    let subjects: Vec<_> = subjects.iter().map(|m| m.subject.as_str()).collect();
    let late = s.backend == Backend::Postgres;
    let expected: &[&str] = if late {
        &["late", "tailed", "kept"]
    } else {
        &["tailed", "kept"]
    };
    assert_eq!(subjects, expected);
}

/// A deferred write that fails fails the commit, and none of the transaction's writes land:
/// not the mail deferred before it, not the write it made at once. The next writer finds its
/// connection outside any transaction.
async fn a_failed_deferred_write_fails_the_commit(db: &TestDb) {
    let s = &db.store;
    let a = attempt("att-twice", "twice@b.co", "dev1", None);
    s.insert_login_attempt(&a, Some(&code(NOW + 1)), None, NOW)
        .await
        .unwrap();
    let mail = Mail {
        to: "twice@b.co".into(),
        subject: "lost".into(),
        text: "t".into(),
        sent_at: NOW,
    };
    for _ in 0..2 {
        let (mut tx, begin) = s.begin_batch(true).await.unwrap();
        sqlx::query(&format!(
            "{begin}INSERT INTO rate_limits (bucket, window_start, hits) VALUES ('lost', 0, 0)"
        ))
        .execute(&mut *tx)
        .await
        .unwrap();
        insert_mail_in(&mut tx, mail.clone()).await.unwrap();
        // The same attempt id again: on PostgreSQL the deferred write runs, and fails, at once.
        let failed = match insert_login_attempt(&mut tx, &a, None, None, NOW).await {
            Ok(()) => tx.commit().await,
            Err(e) => Err(e),
        };
        assert!(failed.is_err(), "a duplicate attempt id is refused");
    }
    assert_eq!(count(s, "rate_limits").await, 0);
    assert_eq!(s.mails_to("twice@b.co").await.unwrap(), []);
    let b = attempt("att-after", "twice@b.co", "dev1", None);
    s.insert_login_attempt(&b, Some(&code(NOW + 1)), None, NOW)
        .await
        .unwrap();
    assert!(s.login_attempt("att-after").await.unwrap().is_some());
}

/// Mail stored at once from many requests: every message lands (PostgreSQL once picked
/// the same sequence number for concurrent writers).
async fn concurrent_mails_all_land(db: &TestDb) {
    let writers: Vec<_> = (0..20)
        .map(|n| {
            let s = db.store.clone();
            tokio::spawn(async move {
                s.insert_mail(Mail {
                    to: "crowd@b.co".into(),
                    subject: format!("m{n}"),
                    text: "t".into(),
                    sent_at: NOW,
                })
                .await
            })
        })
        .collect();
    for writer in writers {
        writer.await.unwrap().unwrap();
    }
    assert_eq!(db.store.mails_to("crowd@b.co").await.unwrap().len(), 20);
}

/// Twenty guesses at once at one login code, one of them right: at most five are answered
/// (a wrong code, or the login), the others are refused whatever they guessed, and the code
/// is spent for good afterwards.
async fn concurrent_guesses_answer_at_most_five(db: &TestDb) {
    let a = attempt("att-crowd", "crowd@b.co", "dev1", None);
    db.store
        .insert_login_attempt(&a, Some(&code(NOW + 600_000)), None, NOW)
        .await
        .unwrap();
    let guesses: Vec<_> = (0..20)
        .map(|n| {
            let (s, a) = (db.store.clone(), a.clone());
            tokio::spawn(async move {
                let (refresh, family) = (refresh(&format!("r{n}")), format!("f{n}"));
                let login = NewLogin {
                    user_id: "u-crowd",
                    refresh: &refresh,
                    family: &family,
                };
                s.try_login_code(&a, 5, || n == 10, &login, NOW).await
            })
        })
        .collect();
    let mut answers = Vec::new();
    for guess in guesses {
        answers.push(guess.await.unwrap().unwrap());
    }
    let count = |f: fn(&LoginTry) -> bool| answers.iter().filter(|t| f(t)).count();
    let wrong = count(|t| *t == LoginTry::Wrong);
    let logged_in = count(|t| matches!(t, LoginTry::LoggedIn(_)));
    assert!(wrong + logged_in <= 5, "{answers:?}");
    assert_eq!(count(|t| *t == LoginTry::Refused), 20 - wrong - logged_in);
    if logged_in == 0 {
        assert_eq!(wrong, 5, "the right guess came after five wrong ones");
    }
    let user = db.store.user_by_email("shop", "crowd@b.co").await.unwrap();
    assert_eq!(user.is_some(), logged_in == 1);
    assert_eq!(
        try_login(&db.store, &a, true, "u-late", "r-late").await,
        LoginTry::Refused,
        "the code is spent: used, or out of tries"
    );
    // The refused right guess wrote nothing: no user where there was none, no session.
    let after = db.store.user_by_email("shop", "crowd@b.co").await.unwrap();
    assert_eq!(after, user, "a refused guess creates no user");
    if let Some(u) = after {
        let late = family("r-late");
        let live = db.store.session_live(&u.id, "dev1", &late, NOW).await;
        assert!(!live.unwrap(), "a refused guess opens no session");
    }
}

/// A request refused by one limit counts on none of its limits.
async fn a_refused_hit_counts_on_no_limit(db: &TestDb) {
    let s = &db.store;
    let limit = |bucket: &str, limit| Limit {
        bucket: bucket.into(),
        limit,
        window_ms: 60_000,
    };
    assert_eq!(
        s.rate_limit_hits(&[limit("full", 1)], NOW).await.unwrap(),
        None
    );
    let both = [limit("open", 2), limit("full", 1)];
    assert_eq!(
        s.rate_limit_hits(&both, NOW + 1).await.unwrap(),
        Some(59_999)
    );
    assert_eq!(
        s.rate_limit_hits(&both, NOW + 2).await.unwrap(),
        Some(59_998)
    );
    assert_eq!(
        s.rate_limit_hits(&[limit("open", 2)], NOW + 3)
            .await
            .unwrap(),
        None
    );
    assert_eq!(
        s.rate_limit_hits(&[limit("open", 2)], NOW + 4)
            .await
            .unwrap(),
        None,
        "the refused requests did not count on `open`"
    );
    assert_eq!(
        s.rate_limit_reached(&limit("full", 1), NOW + 5)
            .await
            .unwrap(),
        Some(59_995),
        "nor past the limit on `full`"
    );
    // Each limit keeps its own window: the answer is the longest wait among the reached ones.
    let long = Limit {
        window_ms: 600_000,
        ..limit("long", 1)
    };
    assert_eq!(
        s.rate_limit_hits(std::slice::from_ref(&long), NOW)
            .await
            .unwrap(),
        None
    );
    let three = [limit("full", 1), limit("fresh", 5), long];
    assert_eq!(
        s.rate_limit_hits(&three, NOW + 10).await.unwrap(),
        Some(599_990)
    );
    assert_eq!(
        s.rate_limit_hits(&three[..2], NOW + 60_000).await.unwrap(),
        None,
        "`full`'s window ended; `fresh` never counted"
    );
}

/// A limit looked at without counting ([`check_limits`]'s `peeked`, as an email start reads
/// the wrong-code limit): a full one refuses with its own wait, before the counted ones say
/// anything, and an empty or open one lets the counts through.
async fn a_full_peeked_limit_refuses_without_counting(db: &TestDb) {
    let s = &db.store;
    let limit = |bucket: &str, limit, window_ms| Limit {
        bucket: bucket.into(),
        limit,
        window_ms,
    };
    let (peeked, counted) = (&limit("peeked", 1, 600_000), &limit("counted", 1, 60_000));
    let check = |now| async move {
        let (mut tx, begin) = s.begin_batch(true).await.unwrap();
        let (peeked, counted) = (std::slice::from_ref(peeked), std::slice::from_ref(counted));
        let wait = check_limits(&mut tx, begin, peeked, counted, now)
            .await
            .unwrap();
        if wait.is_none() {
            tx.commit().await.unwrap();
        }
        wait
    };
    assert_eq!(check(NOW).await, None, "no row yet: empty");
    assert_eq!(
        s.rate_limit_reached(peeked, NOW).await.unwrap(),
        None,
        "looking did not count"
    );
    assert_eq!(check(NOW + 1).await, Some(59_999), "`counted` is full");
    s.rate_limit_hits(std::slice::from_ref(peeked), NOW + 2)
        .await
        .unwrap();
    assert_eq!(
        check(NOW + 60_000).await,
        Some(540_002),
        "`peeked` is full: its wait, not `counted`'s"
    );
    assert_eq!(
        check(NOW + 60_000 + 600_000).await,
        None,
        "both windows ended"
    );
}
