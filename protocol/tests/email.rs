//! The email rule against the vectors the SDK's `isValidEmail` is also held to.

use std::path::Path;

use oriel_protocol::email::{is_valid_email, normalize_email, MAX_EMAIL_LEN};

fn vectors(name: &str) -> Vec<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../fixtures/email")
        .join(name);
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn the_valid_vectors_are_valid() {
    let valid = vectors("valid.json");
    assert!(valid.len() >= 5);
    for email in valid {
        assert!(is_valid_email(&email), "{email:?}");
    }
}

#[test]
fn the_invalid_vectors_are_invalid() {
    let invalid = vectors("invalid.json");
    assert!(invalid.len() >= 10);
    for email in invalid {
        assert!(!is_valid_email(&email), "{email:?}");
    }
}

#[test]
fn addresses_are_kept_trimmed_and_lowercase() {
    assert_eq!(
        normalize_email("  Ann@Example.COM ").as_deref(),
        Some("ann@example.com")
    );
    assert_eq!(normalize_email("nope"), None);
    let longest = format!("{}@example.com", "a".repeat(MAX_EMAIL_LEN - 12));
    assert_eq!(longest.len(), MAX_EMAIL_LEN);
    assert!(is_valid_email(&longest));
    assert!(!is_valid_email(&format!("a{longest}")));
}
