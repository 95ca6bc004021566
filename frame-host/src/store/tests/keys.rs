//! The operator's keys in the store on both backends (issue 39): fingerprints that refuse an
//! instance with other keys, and a KEK rotation stopped midway and resumed.

use super::{login, new_wallet, TestDb, NOW};
use crate::{
    error::{Error, KeyMismatch},
    keys::{
        check_fingerprints,
        kek::Kek,
        record_or_check,
        rotate::{reseal_all, Progress},
        Fingerprints, Keys,
    },
    store::{SealedKey, Store},
};

fn fingerprints(kek: &str, jwt: &str, siwx: &str) -> Fingerprints {
    Fingerprints {
        kek: kek.into(),
        other_keks: Vec::new(),
        jwt: jwt.into(),
        jwt_previous: None,
        siwx: siwx.into(),
        siwx_previous: None,
    }
}

fn mismatch(e: Error) -> KeyMismatch {
    match e {
        Error::KeyMismatch(m) => m,
        other => panic!("not a key mismatch: {other}"),
    }
}

pub(super) async fn instances_with_other_keys_are_refused(db: &TestDb) {
    let s = &db.store;
    let first = fingerprints("k1", "j1", "s1");
    // The first instance records its keys; it and any instance with the same keys start.
    record_or_check(s, &first, NOW).await.unwrap();
    record_or_check(s, &first, NOW + 1).await.unwrap();
    check_fingerprints(s, &first).await.unwrap();

    for (other, what) in [
        (fingerprints("k2", "j1", "s1"), "KEK"),
        (fingerprints("k1", "j2", "s1"), "access-token key"),
        (fingerprints("k1", "j1", "s2"), "sign-in key"),
    ] {
        let e = record_or_check(s, &other, NOW)
            .await
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with(&format!("this instance's {what} (fingerprint ")),
            "{e}"
        );
        assert!(e.contains("is not the one the database records"), "{e}");
    }
    check_fingerprints(s, &first).await.unwrap();

    // A KEK rotation under way: an instance must hold the next KEK too.
    s.set_operator_key("kek", "next", "k3", NOW).await.unwrap();
    let m = mismatch(check_fingerprints(s, &first).await.unwrap_err());
    assert_eq!(m, KeyMismatch::LacksNextKek { next: "k3".into() });
    let mut both = first.clone();
    both.other_keks.push("k3".into());
    check_fingerprints(s, &both).await.unwrap();

    // A rotated access-token key: the old one is named as replaced.
    s.promote_operator_key("jwt", "j2", NOW).await.unwrap();
    let m = mismatch(check_fingerprints(s, &both).await.unwrap_err());
    assert_eq!(
        m,
        KeyMismatch::Replaced {
            what: "access-token key",
            loaded: "j1".into(),
            recorded: "j2".into(),
        }
    );
    let records = s.operator_keys().await.unwrap();
    let previous = records
        .iter()
        .find(|r| r.kind == "jwt" && r.role == "previous")
        .unwrap();
    assert_eq!((previous.fingerprint.as_str(), previous.since), ("j1", NOW));
}

/// The key of `user_id`'s wallet, opened with `keys`.
async fn wallet_key(s: &Store, keys: &Keys, user_id: &str) -> [u8; 32] {
    let stored = s.wallet_recovery_key(user_id).await.unwrap().unwrap();
    let key = keys
        .open_recovery_key(
            user_id,
            stored.as_ref().map(|k| (k.sealed.as_str(), k.kek.as_str())),
        )
        .unwrap();
    *key
}

pub(super) async fn recovery_keys_survive_a_kek_rotation_stopped_midway(db: &TestDb) {
    let s = &db.store;
    let old = Keys::from_kek(&[1; 32]);
    let unused = || SealedKey {
        sealed: "dW51c2Vk".into(),
        kek: "none".into(),
    };
    let mut want = Vec::new();
    for n in 0..6 {
        let u = login(s, &format!("u{n}@b.co"), "dev1", &format!("r{n}")).await;
        let family = format!("family{n}");
        let (sealed, kek) = old.new_recovery_key(&u.id).unwrap();
        s.pending_recovery_key(&family, &u.id, &SealedKey { sealed, kek }, NOW)
            .await
            .unwrap();
        let wallet = new_wallet(&format!("w{n}"), "d");
        assert!(s
            .create_wallet((&u.id, "dev1", &family), &wallet, unused(), NOW)
            .await
            .unwrap());
        if n == 5 {
            // A wallet from before per-wallet keys: its key is derived from the user id.
            sqlx::query(
                "UPDATE wallets SET recovery_sealed = NULL, recovery_kek = NULL \
                 WHERE user_id = $1",
            )
            .bind(&u.id)
            .execute(s.pool())
            .await
            .unwrap();
            assert_eq!(wallet_key(s, &old, &u.id).await, *old.recovery_key(&u.id));
        }
        want.push((u.id.clone(), wallet_key(s, &old, &u.id).await));
    }
    // A login that got its key and has not created its wallet yet.
    let late = login(s, "late@b.co", "dev1", "r-late").await;
    let (sealed, kek) = old.new_recovery_key(&late.id).unwrap();
    let released = s
        .pending_recovery_key("family-late", &late.id, &SealedKey { sealed, kek }, NOW)
        .await
        .unwrap();
    let late_key = *old
        .open_recovery_key(&late.id, Some((&released.sealed, &released.kek)))
        .unwrap();

    // The rotation stops after 3 rows, as a crash would.
    let next = Kek::new(&[2; 32]);
    let both = Keys::with_others(&[1; 32], &[&[2; 32]]);
    let progress = reseal_all(s, &both, &next, Some(3)).await.unwrap();
    assert_eq!(
        progress,
        Progress {
            resealed: 3,
            finished: false
        }
    );
    // Midway, an instance holding both KEKs opens every wallet.
    for (user, key) in &want {
        assert_eq!(wallet_key(s, &both, user).await, *key);
    }
    // Run again: it carries on with the rows left (3 wallets and the pending key).
    let progress = reseal_all(s, &both, &next, None).await.unwrap();
    assert_eq!(
        progress,
        Progress {
            resealed: 4,
            finished: true
        }
    );
    assert!(s
        .recovery_keys_not_under(next.id(), 100)
        .await
        .unwrap()
        .is_empty());

    // The new KEK alone opens every wallet, each with the key it had.
    let new = Keys::from_kek(&[2; 32]);
    for (user, key) in &want {
        assert_eq!(wallet_key(s, &new, user).await, *key);
    }
    // The pending key still becomes its wallet's, and opens under the new KEK.
    let wallet = new_wallet("w-late", "d");
    assert!(s
        .create_wallet((&late.id, "dev1", "family-late"), &wallet, unused(), NOW)
        .await
        .unwrap());
    assert_eq!(wallet_key(s, &new, &late.id).await, late_key);
    // The old KEK alone opens nothing any more.
    let stored = s
        .wallet_recovery_key(&late.id)
        .await
        .unwrap()
        .unwrap()
        .unwrap();
    let e = old
        .open_recovery_key(&late.id, Some((&stored.sealed, &stored.kek)))
        .unwrap_err()
        .to_string();
    assert!(e.contains("which this instance does not hold"), "{e}");
}
