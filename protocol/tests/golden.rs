//! Golden vectors: fixtures/protocol/valid holds one message per kind as bytes (hex) with a
//! JSON twin; fixtures/protocol/invalid holds inputs that must fail, with the expected error.
//! A changed golden byte is a protocol change. To write missing vectors (never to change
//! existing ones casually): `ORIEL_BLESS=1 cargo test -p oriel-protocol --test golden`.

mod common;

use std::{collections::BTreeSet, fs};

use common::{fixtures_dir, from_hex, samples, to_hex};
use oriel_protocol::{Envelope, Request, SUPPORTED_VERSIONS};

#[test]
fn every_message_kind_has_a_golden_vector() {
    let dir = fixtures_dir().join("valid");
    let bless = std::env::var_os("ORIEL_BLESS").is_some();
    fs::create_dir_all(&dir).unwrap();
    for (name, envelope) in samples() {
        let bytes = envelope.encode().unwrap();
        let hex_path = dir.join(format!("{name}.hex"));
        let json_path = dir.join(format!("{name}.json"));
        if bless && !hex_path.exists() {
            fs::write(&hex_path, to_hex(&bytes) + "\n").unwrap();
            let json = serde_json::to_string_pretty(&envelope).unwrap();
            fs::write(&json_path, json + "\n").unwrap();
        }
        let golden = from_hex(
            &fs::read_to_string(&hex_path).unwrap_or_else(|_| panic!("missing {name}.hex")),
        );
        assert_eq!(to_hex(&bytes), to_hex(&golden), "{name}: encoding changed");
        assert_eq!(
            Envelope::decode(&golden, SUPPORTED_VERSIONS).unwrap(),
            envelope,
            "{name}: decoding"
        );
        let twin: Envelope =
            serde_json::from_str(&fs::read_to_string(&json_path).unwrap()).unwrap();
        assert_eq!(twin, envelope, "{name}: JSON twin differs");
    }
}

#[test]
fn no_stray_vectors() {
    let expected: BTreeSet<String> = samples().into_iter().map(|(n, _)| n).collect();
    let found: BTreeSet<String> = fs::read_dir(fixtures_dir().join("valid"))
        .unwrap()
        .map(|e| {
            e.unwrap()
                .path()
                .file_stem()
                .unwrap()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    assert_eq!(found, expected);
}

#[test]
fn all_request_kinds_are_covered() {
    let names: BTreeSet<&str> = samples()
        .iter()
        .filter_map(|(_, e)| match &e.body {
            oriel_protocol::Body::Request(r) => Some(r.name()),
            _ => None,
        })
        .collect();
    // The 23 app-to-frame events of spec §7, from switch network to reload, then the export
    // and the storage access request.
    assert_eq!(names.len(), 26);
    assert!(names.contains(Request::Reload.name()));
}

#[test]
fn invalid_vectors_fail_with_the_expected_error() {
    let dir = fixtures_dir().join("invalid");
    let mut count = 0;
    for entry in fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "hex") {
            continue;
        }
        let bytes = from_hex(&fs::read_to_string(&path).unwrap());
        let json_path = path.with_extension("json");
        if std::env::var_os("ORIEL_BLESS").is_some() && !json_path.exists() {
            let err = Envelope::decode(&bytes, SUPPORTED_VERSIONS)
                .unwrap_err()
                .to_string();
            fs::write(
                &json_path,
                serde_json::to_string_pretty(&serde_json::json!({ "error": err })).unwrap() + "\n",
            )
            .unwrap();
        }
        let expected: serde_json::Value =
            serde_json::from_str(&fs::read_to_string(&json_path).unwrap()).unwrap();
        let err = Envelope::decode(&bytes, SUPPORTED_VERSIONS).unwrap_err();
        assert_eq!(
            err.to_string(),
            expected["error"].as_str().unwrap(),
            "{}",
            path.display()
        );
        count += 1;
    }
    assert!(count >= 6, "expected the invalid vectors, found {count}");
}
