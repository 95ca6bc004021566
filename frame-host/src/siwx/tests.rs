//! The message reader and writer against the shared vectors (`fixtures/siwx/messages`: the
//! EIP-4361 and CAIP-122 examples and our own, valid and invalid), and on generated input.

use std::{fs, path::PathBuf};

use proptest::prelude::*;
use serde_json::Value;

use super::{
    parse::{MessageError, MAX_MESSAGE_LEN, MAX_RESOURCES},
    Message,
};

/// `(file name, vector)` of every vector in `fixtures/siwx/messages/{kind}`, by name.
fn vectors(kind: &str) -> Vec<(String, Value)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../fixtures/siwx/messages")
        .join(kind);
    let mut out: Vec<_> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| {
            let path = entry.unwrap().path();
            let vector = serde_json::from_str(&fs::read_to_string(&path).unwrap()).unwrap();
            (
                path.file_name().unwrap().to_string_lossy().into_owned(),
                vector,
            )
        })
        .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

#[test]
fn valid_vectors_parse_to_their_fields_and_write_back() {
    let valid = vectors("valid");
    assert!(valid.len() >= 9, "{}", valid.len());
    for (name, vector) in valid {
        let text = vector["message"].as_str().unwrap();
        let message = Message::parse(text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(
            serde_json::to_value(message.data()).unwrap(),
            vector["fields"],
            "{name}"
        );
        assert_eq!(message.to_string(), text, "{name}");
    }
}

#[test]
fn invalid_vectors_fail_with_their_error() {
    let invalid = vectors("invalid");
    assert!(invalid.len() >= 29, "{}", invalid.len());
    for (name, vector) in invalid {
        let text = vector["message"].as_str().unwrap();
        let error = Message::parse(text).expect_err(&name);
        assert_eq!(
            error.to_string(),
            vector["error"].as_str().unwrap(),
            "{name}"
        );
    }
}

#[test]
fn limits() {
    let resources =
        |n: usize| -> String { (0..n).map(|i| format!("\n- https://e.com/{i}")).collect() };
    let base = message_text(None, "abcdefgh".into(), None, None);
    let most = Message::parse(&format!("{base}\nResources:{}", resources(MAX_RESOURCES))).unwrap();
    assert_eq!(most.resources.unwrap().len(), MAX_RESOURCES);
    assert_eq!(
        Message::parse(&format!(
            "{base}\nResources:{}",
            resources(MAX_RESOURCES + 1)
        )),
        Err(MessageError::TooManyResources)
    );
    let long = format!(
        "{base}\nResources:\n- https://example.com/{}",
        "a".repeat(MAX_MESSAGE_LEN)
    );
    assert_eq!(Message::parse(&long), Err(MessageError::TooLong));
}

#[test]
fn origins_default_to_https_and_drop_nothing_else() {
    let parse = |name: &str| {
        let vector = vectors("valid")
            .into_iter()
            .find(|(n, _)| n == name)
            .unwrap()
            .1;
        Message::parse(vector["message"].as_str().unwrap()).unwrap()
    };
    let implicit = parse("eip4361-implicit-scheme.json");
    assert_eq!(implicit.origin().as_deref(), Some("https://example.com"));
    assert_eq!(implicit.caip2(), "eip155:1");
    let port = parse("eip4361-explicit-port.json");
    assert_eq!(port.origin().as_deref(), Some("https://example.com:3388"));
    let local = parse("every-field.json");
    assert_eq!(local.origin().as_deref(), Some("http://localhost:5173"));
    let solana = parse("solana-caip122.json");
    assert_eq!(solana.caip2(), "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp");
}

/// A message from generated fields, as the writer writes it.
fn message_text(
    statement: Option<String>,
    nonce: String,
    request_id: Option<String>,
    resources: Option<Vec<String>>,
) -> String {
    let mut text = String::from(
        "app.example wants you to sign in with your Ethereum account:\n\
         0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2\n\n",
    );
    if let Some(s) = statement {
        text.push_str(&s);
        text.push('\n');
    }
    text.push_str(&format!(
        "\nURI: https://app.example/\nVersion: 1\nChain ID: 10\nNonce: {nonce}\n\
         Issued At: 2026-01-02T03:04:05.678Z"
    ));
    if let Some(id) = request_id {
        text.push_str(&format!("\nRequest ID: {id}"));
    }
    if let Some(list) = resources {
        text.push_str("\nResources:");
        for r in list {
            text.push_str(&format!("\n- {r}"));
        }
    }
    text
}

proptest! {
    #[test]
    fn garbage_never_panics(text in "\\PC{0,600}") {
        let _ = Message::parse(&text);
    }

    #[test]
    fn near_misses_never_panic(cut in 0usize..400, insert in "[\\x00-\\x7f]{0,3}") {
        let text = message_text(Some("Hi".into()), "abcdefgh".into(), Some("x".into()), Some(vec!["https://a.b/".into()]));
        let at = cut.min(text.len());
        let _ = Message::parse(&format!("{}{insert}{}", &text[..at], &text[at..]));
    }

    #[test]
    fn written_messages_read_back(
        statement in proptest::option::of("[a-zA-Z0-9 .,:;!?'()*+=@/-]{0,80}"),
        nonce in "[a-zA-Z0-9]{8,40}",
        request_id in proptest::option::of("[a-zA-Z0-9:@._~-]{0,20}"),
        resources in proptest::option::of(proptest::collection::vec("https://[a-z]{1,10}\\.example/[a-z0-9]{0,10}", 0..5)),
    ) {
        let text = message_text(statement.clone(), nonce.clone(), request_id.clone(), resources.clone());
        let message = Message::parse(&text).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(message.statement, statement);
        prop_assert_eq!(message.nonce, nonce);
        prop_assert_eq!(message.request_id, request_id);
        prop_assert_eq!(message.resources, resources);
        prop_assert_eq!(Message::parse(&text).unwrap().to_string(), text);
    }
}
