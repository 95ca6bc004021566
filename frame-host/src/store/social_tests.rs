//! Social logins and identities in the store, on both backends; and the upgrade of an
//! existing SQLite database to migration 10 (users.email nullable).

use sqlx::{Connection, SqliteConnection};

use super::{
    tests::{postgres, sqlite, TestDb},
    *,
};

const NOW: i64 = 1_800_000_000_000;

fn login(id: &str, device: &str) -> SocialLogin {
    SocialLogin {
        id: id.into(),
        project_id: "shop".into(),
        provider: "github".into(),
        device_id: device.into(),
        origin: "https://shop.example.com".into(),
        challenge: "c".repeat(43),
        state_hash: "h".into(),
        pkce_verifier: "v".into(),
        nonce: None,
        status: "pending".into(),
        identity: None,
        result_expires_at: None,
        redeemed_at: None,
        expires_at: NOW + 600_000,
    }
}

fn account(subject: &str, email: Option<&str>, verified: bool) -> Identity {
    Identity {
        subject: subject.into(),
        email: email.map(Into::into),
        email_verified: verified,
        username: Some(subject.into()),
    }
}

fn refresh(tag: &str) -> NewRefresh {
    NewRefresh {
        token_hash: format!("hash-{tag}"),
        project_id: "shop".into(),
        expires_at: NOW + 1_000_000,
    }
}

/// Starts, calls back and redeems a login of `identity`: the user it logs in, or `None`
/// when the result was already redeemed.
async fn sign_in(s: &Store, id: &str, identity: &Identity) -> Option<User> {
    let l = login(id, "dev-1");
    s.insert_social_login(&l, NOW).await.unwrap();
    assert!(s.claim_social_login(id).await.unwrap());
    assert!(!s.claim_social_login(id).await.unwrap(), "claimed once");
    assert!(s
        .finish_social_login(id, identity, &format!("result-{id}"), NOW + 120_000)
        .await
        .unwrap());
    let stored = s
        .social_login_by_result(&format!("result-{id}"))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(stored.identity.as_ref(), Some(identity));
    assert_eq!(stored.status, "done");
    s.redeem_login(
        &stored.pending(),
        identity,
        &format!("user-{id}"),
        &refresh(id),
        &format!("fam-{id}"),
        NOW,
    )
    .await
    .unwrap()
    .map(|(user, _)| user)
}

async fn linking(db: &TestDb) {
    let s = &db.store;
    let mut conn = s.pool().acquire().await.unwrap();
    let ann = users::create_user(&mut conn, "shop", Some("ann@b.co"), "ann", NOW)
        .await
        .unwrap();
    drop(conn);
    // A verified address links to the email user; the account is then the user's.
    let gh = account("1", Some("ann@b.co"), true);
    assert_eq!(sign_in(s, "l1", &gh).await.unwrap().id, ann.id);
    assert_eq!(
        sign_in(s, "l2", &account("1", None, false))
            .await
            .unwrap()
            .id,
        ann.id
    );
    // A social login of an existing account is a session, not a device approval (issue 38
    // M-3): the device does not get verified for the account.
    assert!(!s.device_verified(&ann.id, "dev-1").await.unwrap());
    // Unverified addresses never link and are not claimed: two users without an email.
    let b1 = sign_in(s, "l3", &account("2", Some("ann@b.co"), false))
        .await
        .unwrap();
    let b2 = sign_in(s, "l4", &account("3", None, false)).await.unwrap();
    assert_ne!(b1.id, ann.id);
    assert_eq!((b1.email.as_deref(), b2.email.as_deref()), (None, None));
    assert_ne!(b1.id, b2.id);
    // A verified address without an email user makes a user with that address.
    let c = sign_in(s, "l5", &account("4", Some("cy@b.co"), true))
        .await
        .unwrap();
    assert_eq!(c.email.as_deref(), Some("cy@b.co"));
    assert_eq!(
        s.user_by_email("shop", "cy@b.co").await.unwrap(),
        Some(c.clone())
    );
    // A result is redeemed once.
    let stored = s
        .social_login_by_result("result-l5")
        .await
        .unwrap()
        .unwrap();
    let again = s
        .redeem_login(
            &stored.pending(),
            &account("4", None, false),
            "x",
            &refresh("again"),
            "f",
            NOW,
        )
        .await
        .unwrap();
    assert_eq!(again, None);
    // A failed login cannot be finished.
    s.insert_social_login(&login("l6", "dev-1"), NOW)
        .await
        .unwrap();
    assert!(s
        .fail_social_login("l6", "pending", "access_denied")
        .await
        .unwrap());
    assert!(!s.claim_social_login("l6").await.unwrap());
}

#[tokio::test]
async fn identities_link_by_verified_email_on_sqlite() {
    let db = sqlite().await;
    linking(&db).await;
    db.finish().await;
}

#[tokio::test]
async fn identities_link_by_verified_email_on_postgres() {
    let db = postgres().await;
    linking(&db).await;
    db.finish().await;
}

#[tokio::test]
async fn an_sqlite_database_from_before_migration_10_keeps_its_users_and_references() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("old.sqlite").display());
    {
        let mut conn = SqliteConnection::connect(&format!("{url}?mode=rwc"))
            .await
            .unwrap();
        sqlx::raw_sql(
            "CREATE TABLE oriel_migrations (version BIGINT PRIMARY KEY, name TEXT NOT NULL, \
             applied_at BIGINT NOT NULL)",
        )
        .execute(&mut conn)
        .await
        .unwrap();
        for m in MIGRATIONS.iter().filter(|m| m.version < 10) {
            sqlx::raw_sql(m.portable).execute(&mut conn).await.unwrap();
            sqlx::query("INSERT INTO oriel_migrations VALUES ($1, $2, 0)")
                .bind(m.version)
                .bind(m.name)
                .execute(&mut conn)
                .await
                .unwrap();
        }
        sqlx::raw_sql(
            "INSERT INTO users VALUES ('u1', 'shop', 'a@b.co', 1); \
             INSERT INTO devices VALUES ('u1', 'd1', 1, 1, 1); \
             INSERT INTO peppers VALUES ('u1', 'd1', 'cGVwcGVy', 1);",
        )
        .execute(&mut conn)
        .await
        .unwrap();
        conn.close().await.unwrap();
    }
    let store = Store::open(&url).await.unwrap();
    let u1 = store.user("u1").await.unwrap().unwrap();
    assert_eq!(u1.email.as_deref(), Some("a@b.co"));
    assert!(store.device_verified("u1", "d1").await.unwrap());
    // The other tables still reference users, with foreign keys enforced again.
    let orphan = sqlx::query("INSERT INTO devices VALUES ('nobody', 'd2', 1, 1, 1)")
        .execute(store.pool())
        .await;
    assert!(orphan.is_err(), "a device of no user is refused");
    // The address is unique still; absent addresses are not.
    let dup = sqlx::query("INSERT INTO users VALUES ('u2', 'shop', 'a@b.co', 1)")
        .execute(store.pool())
        .await;
    assert!(dup.is_err());
    for id in ["u3", "u4"] {
        sqlx::query("INSERT INTO users VALUES ($1, 'shop', NULL, 1)")
            .bind(id)
            .execute(store.pool())
            .await
            .unwrap();
    }
    store.close().await;
}
