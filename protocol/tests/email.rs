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

/// Addresses near the rule's edges, each with the rule's answer: the valid vectors edited in
/// one to three places (a character inserted, replaced or removed), from an alphabet of the
/// characters the rule treats apart. The SDK's `isValidEmail` (the generated `EMAIL_PATTERN`)
/// must give the same answers. Deterministic; written by `ORIEL_BLESS=1`.
fn cases() -> Vec<(String, bool)> {
    const ALPHABET: &[char] = &[
        'a', 'Z', '0', '9', '.', '@', '-', '_', '+', '\'', '`', '~', '"', ' ', '(', ',', 'ü', '\n',
    ];
    let mut seed: u64 = 0x0e1e_1a11;
    let mut next = |n: usize| {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((seed >> 33) as usize) % n
    };
    let valid = vectors("valid.json");
    let mut out = Vec::new();
    for _ in 0..600 {
        let mut chars: Vec<char> = valid[next(valid.len())].chars().collect();
        for _ in 0..=next(3) {
            let at = next(chars.len() + 1);
            let c = ALPHABET[next(ALPHABET.len())];
            match next(3) {
                0 => chars.insert(at, c),
                1 if at < chars.len() => chars[at] = c,
                _ if at < chars.len() => {
                    chars.remove(at);
                }
                _ => chars.push(c),
            }
        }
        let email: String = chars.into_iter().collect();
        let ok = is_valid_email(&email);
        out.push((email, ok));
    }
    out
}

#[test]
fn the_generated_cases_are_current() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/email/cases.json");
    let cases = cases();
    let valid = cases.iter().filter(|(_, ok)| *ok).count();
    assert!(
        valid > 100 && cases.len() - valid > 100,
        "{valid} valid of {}",
        cases.len()
    );
    let json = serde_json::to_string_pretty(&cases).unwrap() + "\n";
    if std::env::var_os("ORIEL_BLESS").is_some() {
        std::fs::write(&path, &json).unwrap();
    }
    assert_eq!(
        std::fs::read_to_string(&path).unwrap_or_default(),
        json,
        "fixtures/email/cases.json is stale: ORIEL_BLESS=1 cargo test -p oriel-protocol --test email"
    );
}
