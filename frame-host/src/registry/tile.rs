//! Letter tiles: a wallet's image when it has no logo, a rounded square in a colour picked
//! by the wallet id, with the name's initials.

/// Background colours, dark enough for white text.
const PALETTE: [&str; 12] = [
    "#3b5bdb", "#1c7ed6", "#0c8599", "#099268", "#2b8a3e", "#5c940d", "#e8590c", "#d9480f",
    "#c2255c", "#a61e4d", "#862e9c", "#5f3dc4",
];

/// The SVG image of a wallet called `name` with id `id` (64 hex digits).
pub(crate) fn wallet_svg(name: &str, id: &str) -> String {
    let index = u8::from_str_radix(id.get(..2).unwrap_or("00"), 16).unwrap_or(0);
    let colour = PALETTE[usize::from(index) % PALETTE.len()];
    let text = initials(name);
    let size = if text.chars().count() > 1 { 36 } else { 44 };
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"96\" height=\"96\" viewBox=\"0 0 96 96\">\
         <rect width=\"96\" height=\"96\" rx=\"24\" fill=\"{colour}\"/>\
         <text x=\"48\" y=\"48\" dy=\"0.35em\" text-anchor=\"middle\" \
         font-family=\"system-ui,-apple-system,Segoe UI,Roboto,sans-serif\" font-size=\"{size}\" \
         font-weight=\"600\" fill=\"#ffffff\">{}</text></svg>",
        escape_xml(&text)
    )
}

/// Up to two letters: the first of the first two words, or for one word its first letter
/// and its next capital (`MetaMask` -> `MM`).
fn initials(name: &str) -> String {
    let words: Vec<&str> = name
        .split(|c: char| !c.is_alphanumeric() && c != '\'')
        .filter(|w| w.chars().any(char::is_alphanumeric))
        .collect();
    let first = |w: &str| w.chars().find(|c| c.is_alphanumeric());
    let letters: Vec<char> = match words.as_slice() {
        [] => vec!['?'],
        [one] => {
            let mut chars = one.chars().filter(|c| c.is_alphanumeric());
            let head = chars.next().into_iter();
            head.chain(chars.find(|c| c.is_uppercase())).collect()
        }
        [a, b, ..] => first(a).into_iter().chain(first(b)).collect(),
    };
    letters.iter().flat_map(|c| c.to_uppercase()).collect()
}

fn escape_xml(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&apos;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn initials_of_names() {
        assert_eq!(initials("MetaMask"), "MM");
        assert_eq!(initials("Trust Wallet"), "TW");
        assert_eq!(initials("imToken"), "IT");
        assert_eq!(initials("Safe"), "S");
        assert_eq!(initials("1inch Wallet"), "1W");
        assert_eq!(initials("D'CENT Wallet"), "DW");
        assert_eq!(initials("Crypto.com Onchain"), "CC");
        assert_eq!(initials("---"), "?");
    }

    #[test]
    fn the_svg_is_self_contained_and_escaped() {
        let svg = wallet_svg("<A&B>", &"0".repeat(64));
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert!(svg.contains(">AB</text>"), "{svg}");
        assert!(!svg.contains("<script") && !svg.contains("href"));
        assert!(svg.contains(PALETTE[0]));
        assert!(wallet_svg("X", &"f".repeat(64)).contains(PALETTE[255 % 12]));
    }
}
