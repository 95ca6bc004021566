//! `GET /v1/profile/suggestions/{name}`: whether a name is free, and free alternatives (spec §3:
//! a suggestion is a name). The answer lists the name asked for first, with `registered`, then
//! up to [`ALTERNATIVES`] unregistered names made from its label, in a fixed order.

use oriel_protocol::http::names::NameSuggestion as Suggestion;

use super::rules::{self, MAX_LABEL_LEN};
use crate::{error::Result, store::Store};

/// The most alternatives given.
pub(crate) const ALTERNATIVES: usize = 4;

/// Endings and beginnings tried, in order (`{label}{ending}`, `{beginning}{label}`).
const ENDINGS: [&str; 12] = [
    "1", "-id", "2", "hq", "3", "x", "7", "-web3", "9", "42", "-app", "99",
];
const BEGINNINGS: [&str; 4] = ["my", "the", "hey", "its"];

/// The labels tried for `label`, in order: endings first, then beginnings, alternating; only
/// those that are labels themselves (not too long, no hyphen pair at the 3rd and 4th place).
fn candidates(label: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut beginnings = BEGINNINGS.iter();
    for (i, ending) in ENDINGS.iter().enumerate() {
        out.push(format!("{label}{ending}"));
        if i % 3 == 2 {
            if let Some(beginning) = beginnings.next() {
                out.push(format!("{beginning}{label}"));
            }
        }
    }
    out.retain(|c| c.len() <= MAX_LABEL_LEN && rules::label(c).is_ok());
    out
}

/// The suggestions for `label` (checked already) under `suffix`.
pub(crate) async fn suggest(store: &Store, label: &str, suffix: &str) -> Result<Vec<Suggestion>> {
    let exact = format!("{label}.{suffix}");
    let mut names = vec![exact.clone()];
    names.extend(
        candidates(label)
            .into_iter()
            .filter(|c| !rules::is_reserved(c, suffix))
            .map(|c| format!("{c}.{suffix}")),
    );
    let taken = store.registered_names(&names).await?;
    // A reserved name is never free (issue 38, L-5).
    let mut suggestions = vec![Suggestion {
        registered: taken.contains(&exact) || rules::is_reserved(label, suffix),
        name: exact,
    }];
    suggestions.extend(
        names
            .into_iter()
            .skip(1)
            .filter(|n| !taken.contains(n))
            .take(ALTERNATIVES)
            .map(|name| Suggestion {
                name,
                registered: false,
            }),
    );
    Ok(suggestions)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn candidates_are_labels_in_a_fixed_order() {
        let c = candidates("alice");
        assert_eq!(
            &c[..6],
            ["alice1", "alice-id", "alice2", "myalice", "alicehq", "alice3"]
        );
        assert_eq!(c.len(), ENDINGS.len() + BEGINNINGS.len());
        assert!(c.iter().all(|l| rules::label(l).is_ok()));
        // A 62-character label leaves room for one more character only.
        let long = "a".repeat(62);
        assert!(candidates(&long).iter().all(|l| l.len() <= MAX_LABEL_LEN));
        assert_eq!(candidates(&long).len(), 6);
    }
}
