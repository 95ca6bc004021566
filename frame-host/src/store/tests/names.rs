//! Registered names on both backends: first come, one name per address, even at once.

use super::{TestDb, NOW};
use crate::store::{NameInsert, StoredName};

fn row(name: &str, address: &str) -> StoredName {
    StoredName {
        name: name.into(),
        address: address.into(),
        coin_type: 0x8000_7a69,
        attributes: r#"{"bio":"hi"}"#.into(),
        project_id: "shop".into(),
        message: format!("message {name}"),
        signature: format!("0xsig-{name}"),
        registered_at: NOW,
        updated_at: NOW,
    }
}

const A: &str = "0x00000000000000000000000000000000000000a1";
const B: &str = "0x00000000000000000000000000000000000000b2";
const C: &str = "0x00000000000000000000000000000000000000c3";

pub(super) async fn names_are_first_come_one_per_address(db: &TestDb) {
    let s = &db.store;
    let alice = row("alice.oriel.id", A);
    assert_eq!(s.add_name(&alice).await.unwrap(), NameInsert::Added);
    assert_eq!(s.name("alice.oriel.id").await.unwrap(), Some(alice.clone()));
    assert_eq!(s.name_of_address(A).await.unwrap(), Some(alice.clone()));
    assert_eq!(
        s.add_name(&row("alice.oriel.id", B)).await.unwrap(),
        NameInsert::NameTaken
    );
    assert_eq!(
        s.add_name(&row("alice2.oriel.id", A)).await.unwrap(),
        NameInsert::AddressTaken
    );
    assert_eq!(s.name_of_address(B).await.unwrap(), None);
    assert_eq!(s.name("alice2.oriel.id").await.unwrap(), None);

    // Two registrations of one name at once: exactly one wins.
    let (b, c) = (row("carol.oriel.id", B), row("carol.oriel.id", C));
    let (rb, rc) = tokio::join!(s.add_name(&b), s.add_name(&c));
    let mut outcomes = [rb.unwrap(), rc.unwrap()];
    outcomes.sort_by_key(|o| *o == NameInsert::Added);
    assert_eq!(outcomes, [NameInsert::NameTaken, NameInsert::Added]);

    let asked: Vec<String> = ["alice.oriel.id", "bob0.oriel.id", "carol.oriel.id"]
        .map(String::from)
        .to_vec();
    let mut taken = s.registered_names(&asked).await.unwrap();
    taken.sort();
    assert_eq!(taken, ["alice.oriel.id", "carol.oriel.id"]);
    assert!(s.registered_names(&[]).await.unwrap().is_empty());
}
