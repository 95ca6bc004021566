//! The rules of names (spec §5): a name is `{label}.{suffix}`, the label letters, digits and
//! hyphens, at least 4 characters; ENSIP-11 coin types of EVM chains (spec §5: chain ids below
//! 2^31, else 'Invalid chainId'); and the attributes a name may carry.

use std::{collections::BTreeMap, fmt};

use super::error::NameError;

/// The fewest characters of a label (spec §5).
pub(crate) const MIN_LABEL_LEN: usize = 4;
/// The most characters of a label (a DNS label's limit).
pub(crate) const MAX_LABEL_LEN: usize = 63;
/// The longest `bio` attribute, in characters.
pub(crate) const MAX_BIO_LEN: usize = 255;
/// The longest `avatar` attribute (a URL), in bytes.
pub(crate) const MAX_AVATAR_LEN: usize = 2048;
/// SLIP-44's coin type of Ether, the one `addr(node)` answers.
pub(crate) const ETH_COIN_TYPE: u64 = 60;
/// ENSIP-11: an EVM chain's coin type is `0x80000000 | chainId`.
const EVM_BIT: u64 = 0x8000_0000;

/// Why a text is not a label or a name of the suffix. The texts follow 'Invalid name: '.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum NameRule {
    /// Fewer than [`MIN_LABEL_LEN`] characters.
    TooShort,
    /// More than [`MAX_LABEL_LEN`] characters.
    TooLong,
    /// A character other than an ASCII letter, digit or hyphen.
    Characters,
    /// Hyphens as the 3rd and 4th characters (ENSIP-15 refuses such labels, so the name could
    /// not resolve on chain).
    HyphenPair,
    /// Not `{label}.{suffix}`.
    Suffix(String),
    /// A label kept back from registration ([`is_reserved`]).
    Reserved,
}

impl fmt::Display for NameRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::TooShort => write!(f, "at least {MIN_LABEL_LEN} characters"),
            Self::TooLong => write!(f, "at most {MAX_LABEL_LEN} characters"),
            Self::Characters => f.write_str("only letters, digits and hyphens"),
            Self::HyphenPair => f.write_str("hyphens cannot be the 3rd and 4th characters"),
            Self::Suffix(suffix) => write!(f, "expected a name ending in .{suffix}"),
            Self::Reserved => f.write_str("this name is reserved"),
        }
    }
}

/// A label as stored (lowercase ASCII), when `text` follows the rules.
pub(crate) fn label(text: &str) -> Result<String, NameRule> {
    if !text.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-') {
        return Err(NameRule::Characters);
    }
    if text.len() < MIN_LABEL_LEN {
        return Err(NameRule::TooShort);
    }
    if text.len() > MAX_LABEL_LEN {
        return Err(NameRule::TooLong);
    }
    if text.get(2..4) == Some("--") {
        return Err(NameRule::HyphenPair);
    }
    Ok(text.to_ascii_lowercase())
}

/// Labels nobody registers (issue 38, L-5): names a user would take for the operator's or the
/// wallet's own voice (staff, support, security, billing), the mailbox names of RFC 2142 and
/// words an interface shows. The labels of the suffix itself are reserved too (`oriel` under
/// `oriel.id`).
const RESERVED_LABELS: [&str; 44] = [
    "abuse",
    "account",
    "accounts",
    "admin",
    "administrator",
    "api",
    "billing",
    "contact",
    "help",
    "helpdesk",
    "hostmaster",
    "info",
    "legal",
    "login",
    "mail",
    "moderator",
    "news",
    "noreply",
    "no-reply",
    "null",
    "official",
    "operator",
    "owner",
    "password",
    "payments",
    "postmaster",
    "privacy",
    "recovery",
    "root",
    "security",
    "server",
    "service",
    "settings",
    "signin",
    "staff",
    "status",
    "support",
    "system",
    "team",
    "undefined",
    "verified",
    "verify",
    "wallet",
    "webmaster",
];

/// Whether `label` (lowercase, as [`label`] gives it) is kept back from registration under
/// `suffix`.
pub(crate) fn is_reserved(label: &str, suffix: &str) -> bool {
    RESERVED_LABELS.contains(&label) || suffix.split('.').any(|part| part == label)
}

/// The full name (`{label}.{suffix}`, lowercase) and its label, when `text` is a name of
/// `suffix` in any case.
pub(crate) fn name(text: &str, suffix: &str) -> Result<(String, String), NameRule> {
    let label_text = text
        .len()
        .checked_sub(suffix.len() + 1)
        .filter(|&at| text.as_bytes()[at] == b'.' && text[at + 1..].eq_ignore_ascii_case(suffix))
        .map(|at| &text[..at])
        .ok_or_else(|| NameRule::Suffix(suffix.to_owned()))?;
    let label = label(label_text)?;
    Ok((format!("{label}.{suffix}"), label))
}

/// Whether `suffix` can be the operator's name suffix (`name_suffix`): dot-separated labels of
/// lowercase letters, digits and hyphens, each 1 to 63 characters, at most 200 in all.
pub(crate) fn is_suffix(suffix: &str) -> bool {
    suffix.len() <= 200
        && suffix.split('.').all(|l| {
            (1..=MAX_LABEL_LEN).contains(&l.len())
                && l.bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
                && !l.starts_with('-')
                && !l.ends_with('-')
        })
}

/// The EVM chain of a registration's coin type (ENSIP-11; the SDK makes it from the chain id as
/// `0x80000000 | chainId`, refusing chain ids of 2^31 and above with 'Invalid chainId', spec
/// §5): 60 is Ethereum (chain 1), `0x80000000 | chainId` the chain, which must be positive and
/// below 2^31 (else 'Invalid chainId'); any other coin type is not an EVM chain's (names are
/// `eip155` only, spec §9).
pub(crate) fn chain_of(coin_type: u64) -> Result<u64, NameError> {
    if coin_type == ETH_COIN_TYPE {
        return Ok(1);
    }
    if coin_type < EVM_BIT {
        return Err(NameError::UnsupportedCoinType(coin_type));
    }
    let chain_id = coin_type - EVM_BIT;
    if chain_id == 0 || chain_id >= EVM_BIT {
        return Err(NameError::InvalidChainId);
    }
    Ok(chain_id)
}

/// Checks a registration's attributes: only `avatar` (an `https` URL, or a `data:` URL of a
/// PNG, JPEG, GIF or WebP image, of at most [`MAX_AVATAR_LEN`] bytes) and `bio` (at most [`MAX_BIO_LEN`] characters without control
/// characters), neither empty.
pub(crate) fn check_attributes(attributes: &BTreeMap<String, String>) -> Result<(), NameError> {
    let invalid = |why: String| Err(NameError::Attributes(why));
    for (key, value) in attributes {
        if value.is_empty() {
            return invalid(format!("{key} is empty"));
        }
        match key.as_str() {
            "avatar" => {
                if !(value.len() <= MAX_AVATAR_LEN && is_avatar_url(value)) {
                    return invalid(format!(
                        "avatar must be an https URL or a data: URL of a PNG, JPEG, GIF or \
                         WebP image, of at most {MAX_AVATAR_LEN} bytes"
                    ));
                }
            }
            "bio" => {
                if value.chars().count() > MAX_BIO_LEN || value.chars().any(char::is_control) {
                    return invalid(format!(
                        "bio must be at most {MAX_BIO_LEN} characters, without control characters"
                    ));
                }
            }
            _ => {
                let shown: String = key.chars().take(32).collect();
                return invalid(format!(
                    "unsupported attribute {shown:?}: expected avatar or bio"
                ));
            }
        }
    }
    Ok(())
}

/// An avatar a wallet can show without harm (issue 38, L-5): an `https` URL with a host and no
/// credentials (never plain `http`, whose image anyone on the path can swap, nor `javascript:`
/// or other schemes), or a base64 `data:` URL of a raster image (never SVG, which can carry
/// script).
fn is_avatar_url(value: &str) -> bool {
    const IMAGES: [&str; 4] = ["image/png", "image/jpeg", "image/gif", "image/webp"];
    if let Some(data) = value.strip_prefix("data:") {
        return data.split_once(";base64,").is_some_and(|(kind, payload)| {
            IMAGES.contains(&kind.to_ascii_lowercase().as_str())
                && !payload.is_empty()
                && payload
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/' | b'='))
        });
    }
    url::Url::parse(value).is_ok_and(|u| {
        u.scheme() == "https"
            && u.host_str().is_some_and(|h| !h.is_empty())
            && u.username().is_empty()
            && u.password().is_none()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_are_letters_digits_and_hyphens_at_least_four() {
        assert_eq!(label("alice").unwrap(), "alice");
        assert_eq!(label("Al-1ce").unwrap(), "al-1ce");
        assert_eq!(label("abcd").unwrap(), "abcd");
        assert_eq!(label("-ab-").unwrap(), "-ab-");
        assert_eq!(label(&"a".repeat(63)).unwrap(), "a".repeat(63));
        assert_eq!(label("abc"), Err(NameRule::TooShort));
        assert_eq!(label(""), Err(NameRule::TooShort));
        assert_eq!(label(&"a".repeat(64)), Err(NameRule::TooLong));
        for bad in [
            "al_ce",
            "alice.id",
            "ali ce",
            "älice",
            "alice!",
            "al\u{0}ce",
        ] {
            assert_eq!(label(bad), Err(NameRule::Characters), "{bad:?}");
        }
        assert_eq!(label("ab--cd"), Err(NameRule::HyphenPair));
        assert_eq!(label("a--bcd").unwrap(), "a--bcd");
        assert_eq!(
            NameRule::TooShort.to_string(),
            "at least 4 characters",
            "the spec's minimum"
        );
    }

    #[test]
    fn names_are_a_label_and_the_suffix() {
        let suffix = "oriel.id";
        assert_eq!(
            name("alice.oriel.id", suffix).unwrap(),
            ("alice.oriel.id".into(), "alice".into())
        );
        assert_eq!(
            name("Alice.Oriel.ID", suffix).unwrap(),
            ("alice.oriel.id".into(), "alice".into())
        );
        let wrong = NameRule::Suffix("oriel.id".into());
        for bad in [
            "alice",
            "alice.eth",
            "alice.oriel.idx",
            "aliceoriel.id",
            "oriel.id",
        ] {
            assert_eq!(name(bad, suffix), Err(wrong.clone()), "{bad:?}");
        }
        assert_eq!(name("bob.oriel.id", suffix), Err(NameRule::TooShort));
        assert_eq!(name(".oriel.id", suffix), Err(NameRule::TooShort));
        assert_eq!(
            name("sub.alice.oriel.id", suffix),
            Err(NameRule::Characters)
        );
        assert_eq!(wrong.to_string(), "expected a name ending in .oriel.id");
    }

    #[test]
    fn suffixes() {
        for good in ["oriel.id", "id", "names.example-1.com"] {
            assert!(is_suffix(good), "{good}");
        }
        for bad in [
            "",
            "Oriel.id",
            ".id",
            "oriel..id",
            "-oriel.id",
            "oriel.id.",
            "a_b.id",
        ] {
            assert!(!is_suffix(bad), "{bad}");
        }
    }

    #[test]
    fn coin_types_of_evm_chains_per_ensip_11() {
        assert_eq!(NameError::InvalidChainId.to_string(), "Invalid chainId");
        assert_eq!(chain_of(60).unwrap(), 1);
        assert_eq!(chain_of(2_147_483_649).unwrap(), 1);
        assert_eq!(chain_of(0x8000_7a69).unwrap(), 31337);
        assert_eq!(chain_of(0xffff_ffff).unwrap(), 0x7fff_ffff);
        assert!(matches!(
            chain_of(0),
            Err(NameError::UnsupportedCoinType(0))
        ));
        assert!(matches!(
            chain_of(501),
            Err(NameError::UnsupportedCoinType(501))
        ));
        for bad in [0x8000_0000, 0x1_0000_0000, u64::MAX] {
            assert!(
                matches!(chain_of(bad), Err(NameError::InvalidChainId)),
                "{bad}"
            );
        }
    }

    /// Issue 38, L-5.
    #[test]
    fn reserved_labels_and_the_suffix_own_labels() {
        for reserved in ["admin", "support", "security", "wallet", "oriel"] {
            assert!(is_reserved(reserved, "oriel.id"), "{reserved}");
        }
        assert!(is_reserved("names", "names.example"));
        assert!(!is_reserved("alice", "oriel.id"));
        assert!(!is_reserved("admin1", "oriel.id"));
    }

    #[test]
    fn attributes_are_an_avatar_url_and_a_bio() {
        let of = |pairs: &[(&str, &str)]| -> BTreeMap<String, String> {
            pairs
                .iter()
                .map(|(k, v)| ((*k).into(), (*v).into()))
                .collect()
        };
        assert!(check_attributes(&of(&[])).is_ok());
        assert!(check_attributes(&of(&[
            ("avatar", "https://img.test/a.png"),
            ("bio", "Builds wallets.")
        ]))
        .is_ok());
        assert!(check_attributes(&of(&[("avatar", "data:image/png;base64,iVBORw0KGgo=")])).is_ok());
        for bad in [
            of(&[("avatar", "javascript:alert(1)")]),
            of(&[("avatar", "not a url")]),
            of(&[("avatar", &format!("https://img.test/{}", "a".repeat(2048)))]),
            of(&[("bio", "")]),
            of(&[("bio", &"b".repeat(256))]),
            of(&[("bio", "line\nbreak")]),
            of(&[("twitter", "@alice")]),
            // Issue 38, L-5: https or a raster data: image only.
            of(&[("avatar", "http://img.test/a.png")]),
            of(&[("avatar", "https://user:pw@img.test/a.png")]),
            of(&[("avatar", "data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=")]),
            of(&[("avatar", "data:text/html;base64,PGI+aGk8L2I+")]),
            of(&[("avatar", "data:image/png,raw")]),
            of(&[("avatar", "ipfs://bafy")]),
        ] {
            assert!(
                matches!(check_attributes(&bad), Err(NameError::Attributes(_))),
                "{bad:?}"
            );
        }
    }
}
