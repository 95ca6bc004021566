//! The Farcaster relay's channels and logins in the store, on both backends.

use super::{
    tests::{postgres, sqlite, TestDb},
    *,
};

const NOW: i64 = 1_800_000_000_000;
const TTL: i64 = 600_000;

fn channel(tag: &str, login: Option<&str>) -> Channel {
    Channel {
        token_hash: format!("hash-{tag}"),
        nonce: "abcdef0123456789".into(),
        domain: "shop.example.com".into(),
        siwe_uri: "https://shop.example.com".into(),
        not_before: None,
        expiration_time: Some("2027-01-01T00:00:00Z".into()),
        request_id: Some("r-1".into()),
        redirect_url: None,
        accept_auth_address: true,
        ip: "10.0.0.1".into(),
        user_agent: "test".into(),
        completion: None,
        login: login.map(|device| ChannelLogin {
            project_id: "shop".into(),
            device_id: device.into(),
            challenge: "c".repeat(43),
        }),
        redeemed_at: None,
        created_at: NOW,
        expires_at: NOW + TTL,
    }
}

fn completion(fid: u64, username: &str) -> Completion {
    Completion {
        message: "m".into(),
        signature: format!("0x{}", "ab".repeat(65)),
        fid,
        username: Some(username.into()),
        display_name: Some("Ada".into()),
        bio: None,
        pfp_url: Some("https://i.example.com/a.png".into()),
        custody: "0x6fE49Df8fa2Fa9e339f46ffed66149b460E43920".into(),
    }
}

fn refresh(tag: &str) -> NewRefresh {
    NewRefresh {
        token_hash: format!("refresh-{tag}"),
        project_id: "shop".into(),
        expires_at: NOW + 1_000_000,
    }
}

/// Completes and redeems a login channel of `fid` on device `dev-1`.
async fn log_in(s: &Store, tag: &str, fid: u64, username: &str) -> Option<User> {
    let c = channel(tag, Some("dev-1"));
    s.insert_channel(&c).await.unwrap();
    let done = completion(fid, username);
    assert!(s.complete_channel(&c.token_hash, &done, NOW).await.unwrap());
    let stored = s.channel(&c.token_hash, NOW).await.unwrap().unwrap();
    s.redeem_login(
        &stored.pending().unwrap(),
        &done.identity(),
        &format!("user-{tag}"),
        &refresh(tag),
        &format!("fam-{tag}"),
        NOW,
    )
    .await
    .unwrap()
    .map(|(user, _)| user)
}

async fn channels_live_until_they_expire(db: &TestDb) {
    let s = &db.store;
    let c = channel("a", None);
    s.insert_channel(&c).await.unwrap();
    assert_eq!(s.channel("hash-a", NOW).await.unwrap(), Some(c.clone()));
    assert_eq!(s.channel("hash-a", NOW + TTL).await.unwrap(), None);
    assert_eq!(s.channel("hash-unknown", NOW).await.unwrap(), None);
    // An expired channel cannot be completed, and housekeeping deletes it.
    assert!(!s
        .complete_channel("hash-a", &completion(1, "ada"), NOW + TTL)
        .await
        .unwrap());
    assert!(s.purge_expired(NOW + TTL).await.unwrap() >= 1);
    assert_eq!(s.channel("hash-a", NOW).await.unwrap(), None);
}

async fn a_channel_completes_once(db: &TestDb) {
    let s = &db.store;
    s.insert_channel(&channel("b", None)).await.unwrap();
    assert!(s
        .complete_channel("hash-b", &completion(7, "ada"), NOW)
        .await
        .unwrap());
    assert!(!s
        .complete_channel("hash-b", &completion(8, "bob"), NOW)
        .await
        .unwrap());
    let stored = s.channel("hash-b", NOW).await.unwrap().unwrap();
    assert_eq!(stored.completion, Some(completion(7, "ada")));
    // Reading a completed status closes a channel no login waits for...
    s.close_channel("hash-b").await.unwrap();
    assert_eq!(s.channel("hash-b", NOW).await.unwrap(), None);
    // ...but not a login's, nor a pending one.
    s.insert_channel(&channel("c", Some("dev-1")))
        .await
        .unwrap();
    s.complete_channel("hash-c", &completion(7, "ada"), NOW)
        .await
        .unwrap();
    s.close_channel("hash-c").await.unwrap();
    s.insert_channel(&channel("d", None)).await.unwrap();
    s.close_channel("hash-d").await.unwrap();
    assert!(s.channel("hash-c", NOW).await.unwrap().is_some());
    assert!(s.channel("hash-d", NOW).await.unwrap().is_some());
}

async fn a_login_is_redeemed_once_and_the_fid_keeps_its_user(db: &TestDb) {
    let s = &db.store;
    let first = log_in(s, "l1", 7, "ada").await.unwrap();
    assert_eq!(first.email, None);
    assert!(s.device_verified(&first.id, "dev-1").await.unwrap());
    // The channel is spent.
    let spent = s.channel("hash-l1", NOW).await.unwrap().unwrap();
    assert!(spent.redeemed_at.is_some());
    assert_eq!(
        s.redeem_login(
            &spent.pending().unwrap(),
            &completion(7, "ada").identity(),
            "user-again",
            &refresh("again"),
            "fam-again",
            NOW
        )
        .await
        .unwrap(),
        None
    );
    // The same fid later (a new username) is the same user; another fid is another user.
    assert_eq!(log_in(s, "l2", 7, "ada2").await.unwrap().id, first.id);
    assert_ne!(log_in(s, "l3", 8, "bob").await.unwrap().id, first.id);
    let (username,): (Option<String>,) = sqlx::query_as(
        "SELECT username FROM social_identities WHERE provider = 'farcaster' AND subject = '7'",
    )
    .fetch_one(s.pool())
    .await
    .unwrap();
    assert_eq!(username.as_deref(), Some("ada2"));
    // A channel that is not a login never opens a session.
    s.insert_channel(&channel("plain", None)).await.unwrap();
    s.complete_channel("hash-plain", &completion(7, "ada"), NOW)
        .await
        .unwrap();
    let plain = s.channel("hash-plain", NOW).await.unwrap().unwrap();
    assert_eq!(plain.pending(), None);
}

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

on_both!(
    channels_live_until_they_expire,
    a_channel_completes_once,
    a_login_is_redeemed_once_and_the_fid_keeps_its_user,
);
