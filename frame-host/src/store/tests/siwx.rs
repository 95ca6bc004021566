//! Sign-in nonces and sessions on both backends.

use super::{TestDb, NOW};
use crate::store::SiwxSession;

fn session(id: &str, address: &str, expires_at: i64) -> SiwxSession {
    SiwxSession {
        id: id.into(),
        project_id: "shop".into(),
        chain_id: "eip155:1".into(),
        address: address.into(),
        kind: "eoa".into(),
        message: format!("message {id}"),
        signature: format!("0xsig-{id}"),
        created_at: NOW,
        expires_at,
    }
}

pub(super) async fn siwx_nonces_and_sessions(db: &TestDb) {
    let s = &db.store;
    s.add_siwx_nonce("nonce0001", "shop", NOW, NOW + 600_000)
        .await
        .unwrap();
    s.add_siwx_nonce("nonce0002", "shop", NOW, NOW + 600_000)
        .await
        .unwrap();
    s.add_siwx_nonce("nonce0003", "shop", NOW, NOW + 1)
        .await
        .unwrap();
    assert_eq!(
        s.siwx_nonce_expiry("nonce0001", "shop").await.unwrap(),
        Some(NOW + 600_000)
    );
    assert_eq!(
        s.siwx_nonce_expiry("nonce0001", "demo").await.unwrap(),
        None,
        "another project's"
    );

    let a = session("s1", "0xaa", NOW + 1000);
    assert!(s.add_siwx_session("nonce0001", &a, NOW).await.unwrap());
    assert_eq!(s.siwx_session("s1").await.unwrap(), Some(a.clone()));
    assert_eq!(
        s.siwx_nonce_expiry("nonce0001", "shop").await.unwrap(),
        None,
        "used up"
    );
    let replay = session("s2", "0xaa", NOW + 1000);
    assert!(
        !s.add_siwx_session("nonce0001", &replay, NOW).await.unwrap(),
        "a nonce is single use"
    );
    assert_eq!(s.siwx_session("s2").await.unwrap(), None);
    let late = session("s3", "0xbb", NOW + 1000);
    assert!(
        !s.add_siwx_session("nonce0003", &late, NOW + 1)
            .await
            .unwrap(),
        "expired"
    );

    // One session per project, chain and address: the next one replaces it.
    let b = session("s4", "0xaa", NOW + 2000);
    assert!(s.add_siwx_session("nonce0002", &b, NOW).await.unwrap());
    assert_eq!(s.siwx_session("s1").await.unwrap(), None);
    assert_eq!(s.siwx_session("s4").await.unwrap(), Some(b.clone()));

    assert!(!s
        .revoke_siwx_session("shop", "0xaa", "s4", "0xsig-s1")
        .await
        .unwrap());
    assert!(!s
        .revoke_siwx_session("shop", "0xbb", "s4", "0xsig-s4")
        .await
        .unwrap());
    assert!(!s
        .revoke_siwx_session("demo", "0xaa", "s4", "0xsig-s4")
        .await
        .unwrap());
    assert!(s
        .revoke_siwx_session("shop", "0xaa", "s4", "0xsig-s4")
        .await
        .unwrap());
    assert_eq!(s.siwx_session("s4").await.unwrap(), None);

    // Housekeeping deletes expired nonces and sessions only.
    s.add_siwx_nonce("nonce0004", "shop", NOW, NOW + 600_000)
        .await
        .unwrap();
    s.add_siwx_nonce("nonce0005", "shop", NOW, NOW + 5_000)
        .await
        .unwrap();
    assert!(s
        .add_siwx_session("nonce0004", &session("s5", "0xcc", NOW + 5_000), NOW)
        .await
        .unwrap());
    s.add_siwx_nonce("nonce0006", "shop", NOW, NOW + 600_000)
        .await
        .unwrap();
    assert!(s
        .add_siwx_session("nonce0006", &session("s6", "0xdd", NOW + 900_000), NOW)
        .await
        .unwrap());
    s.purge_expired(NOW + 5_000).await.unwrap();
    assert_eq!(
        s.siwx_nonce_expiry("nonce0003", "shop").await.unwrap(),
        None
    );
    assert_eq!(
        s.siwx_nonce_expiry("nonce0005", "shop").await.unwrap(),
        None
    );
    assert_eq!(s.siwx_session("s5").await.unwrap(), None);
    assert!(s.siwx_session("s6").await.unwrap().is_some());
}
