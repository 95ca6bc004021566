//! What the frame shows in its own document, where the host page cannot read or click it:
//! approval requests and the recovery phrase. The browser renders these in `web::screen`;
//! the rules that do not need a DOM live here.

use oriel_signer::sign::{Failure, Summary, Value};
use zeroize::Zeroizing;

/// The frame must have been visible, unobscured, this long before its buttons work; an
/// approval's Approve also waits until each of its message boxes was scrolled to its end.
pub const ARM_DELAY_MS: u32 = 500;

/// A screen the frame shows.
pub enum Screen<'a> {
    /// The recovery phrase, word by word, with a Done button.
    RecoveryPhrase(&'a Zeroizing<String>),
    /// A request to approve, decoded, with Approve and Reject buttons.
    Approval {
        /// What the request does.
        summary: &'a Summary,
        /// Who asks.
        requester: &'a Requester,
    },
    /// Asks the user to let the frame keep its storage on the site `site` (the page origin),
    /// with Allow and Not now buttons.
    StorageAccess {
        /// The origin of the page the frame is embedded in.
        site: &'a str,
    },
    /// An approved request that failed: what happened in plain words, the raw error under
    /// "Details", and a Close button.
    Failure(&'a Failure),
}

/// The longest dapp name an approval screen shows, in characters; a longer one is cut with `…`.
pub const MAX_CLAIMED_NAME: usize = 32;

/// Who asks for an approval: first the origin the browser vouched for when the channel opened,
/// which the dapp cannot choose, then the name the dapp gives itself, which it can, shown
/// bounded and as its claim (security review 38, L-7: a name such as "app.uniswap.org · " must
/// not pass for an origin).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Requester {
    /// The page origin, or "This site" before the browser said it.
    pub origin: String,
    /// The dapp's name, trimmed and cut to [`MAX_CLAIMED_NAME`] characters; `None` when empty.
    pub claimed_name: Option<String>,
}

impl Requester {
    /// The requester from the page origin the browser reported and the name the dapp gave.
    pub fn new(origin: Option<&str>, name: Option<&str>) -> Self {
        let claimed_name = name.map(str::trim).filter(|n| !n.is_empty()).map(|n| {
            match n.char_indices().nth(MAX_CLAIMED_NAME - 1) {
                Some((cut, _)) if n.chars().count() > MAX_CLAIMED_NAME => {
                    format!("{}…", &n[..cut])
                }
                _ => n.to_owned(),
            }
        });
        Self {
            origin: origin.unwrap_or("This site").to_owned(),
            claimed_name,
        }
    }

    /// The line under the origin: `Calls itself “Lumen”`.
    pub fn claimed_line(&self) -> Option<String> {
        self.claimed_name
            .as_ref()
            .map(|name| format!("Calls itself “{name}”"))
    }

    fn has_hidden(&self) -> bool {
        self.origin.chars().any(is_hidden)
            || self
                .claimed_name
                .as_ref()
                .is_some_and(|n| n.chars().any(is_hidden))
    }
}

/// How the user left a screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Approve (or Done) was clicked inside the frame.
    Approved,
    /// Reject was clicked inside the frame.
    Rejected,
    /// The host aborted the request (`RpcAbort`) or closed the channel.
    Aborted,
}

/// Shown on an approval screen whose dapp-controlled text holds a [hidden
/// character](is_hidden).
pub const HIDDEN_CHARACTERS_WARNING: &str =
    "This request contains hidden or direction-changing characters. They are shown highlighted \
     as ⟨U+…⟩: the text around them may not read the way it looks elsewhere.";

/// Shown while a message box of the approval screen has not been read to its end.
pub const READ_TO_THE_END: &str = "Scroll to the end of the message to approve it.";

/// Characters the approval screen never draws as they are, because they are invisible or
/// change how the text around them reads: control characters (Cc) other than line breaks and
/// tabs, every format character (Cf: the bidirectional embeddings, overrides, isolates and
/// marks, the zero-width space and joiners, the word joiner, the BOM, the tag characters),
/// and the characters that draw as nothing or as blank space without being one (the soft
/// hyphen, the combining grapheme joiner, the Hangul fillers, the Khmer inherent vowels, the
/// Mongolian variation selectors, the braille blank, and the variation selectors that emoji
/// presentation does not use). A hand-written list, for the wasm budget: the general category
/// Cf as of Unicode 15.1, plus those.
pub fn is_hidden(c: char) -> bool {
    if c.is_control() {
        return !matches!(c, '\n' | '\r' | '\t');
    }
    matches!(
        c as u32,
        0x00AD // soft hyphen (Cf)
            | 0x034F // combining grapheme joiner
            | 0x0600..=0x0605 // Arabic number signs (Cf)
            | 0x061C // Arabic letter mark (Cf)
            | 0x06DD // Arabic end of ayah (Cf)
            | 0x070F // Syriac abbreviation mark (Cf)
            | 0x0890..=0x0891 // Arabic pound and piastre marks above (Cf)
            | 0x08E2 // Arabic disputed end of ayah (Cf)
            | 0x115F..=0x1160 // Hangul choseong and jungseong fillers
            | 0x17B4..=0x17B5 // Khmer inherent vowels
            | 0x180B..=0x180F // Mongolian variation selectors and vowel separator (Cf)
            | 0x200B..=0x200F // zero-width space, non-joiner, joiner; LRM, RLM (Cf)
            | 0x202A..=0x202E // bidirectional embeddings and overrides (Cf)
            | 0x2028..=0x2029 // line and paragraph separators (Zl, Zp): a line break in disguise
            | 0x2060..=0x2064 // word joiner, invisible operators (Cf)
            | 0x2066..=0x206F // bidirectional isolates, deprecated format characters (Cf)
            | 0x2800 // braille pattern blank
            | 0x3164 // Hangul filler
            | 0xFE00..=0xFE0D // variation selectors 1-14 (15 and 16 pick emoji or text style)
            | 0xFEFF // zero-width no-break space, the BOM (Cf)
            | 0xFFA0 // halfwidth Hangul filler
            | 0xFFF9..=0xFFFB // interlinear annotation (Cf)
            | 0x110BD | 0x110CD // Kaithi number signs (Cf)
            | 0x13430..=0x1343F // Egyptian hieroglyph format controls (Cf)
            | 0x1BCA0..=0x1BCA3 // shorthand format controls (Cf)
            | 0x1D173..=0x1D17A // musical symbol beams, ties, slurs, phrases (Cf)
            | 0xE0001 | 0xE0020..=0xE007F // language tag, tag characters (Cf)
            | 0xE0100..=0xE01EF // variation selectors 17-256
    )
}

/// A hidden character as the screen shows it: `⟨U+202E⟩`.
pub fn escaped(c: char) -> String {
    format!("⟨U+{:04X}⟩", c as u32)
}

/// A run of text to draw as it is, or one hidden character to draw [escaped].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Piece<'a> {
    /// Text without hidden characters.
    Text(&'a str),
    /// One hidden character.
    Hidden(char),
}

/// `text` split into what the screen draws as it is and what it draws escaped.
pub fn pieces(text: &str) -> Vec<Piece<'_>> {
    let mut out = Vec::new();
    let mut start = 0;
    for (at, c) in text.char_indices() {
        if is_hidden(c) {
            if start < at {
                out.push(Piece::Text(&text[start..at]));
            }
            out.push(Piece::Hidden(c));
            start = at + c.len_utf8();
        }
    }
    if start < text.len() {
        out.push(Piece::Text(&text[start..]));
    }
    out
}

/// `text` as the screen reads, hidden characters escaped.
pub fn visible(text: &str) -> String {
    pieces(text)
        .into_iter()
        .map(|piece| match piece {
            Piece::Text(t) => t.to_owned(),
            Piece::Hidden(c) => escaped(c),
        })
        .collect()
}

fn value_has_hidden(value: &Value) -> bool {
    match value {
        Value::Text(t) | Value::Plain(t) | Value::Mono(t) | Value::Address(t) => {
            t.chars().any(is_hidden)
        }
        Value::Tree(entries) => entries
            .iter()
            .any(|(key, v)| key.chars().any(is_hidden) || value_has_hidden(v)),
    }
}

/// The warnings an approval screen shows above its rows: [`HIDDEN_CHARACTERS_WARNING`] when
/// any text the dapp controls (the requester, a row's value or a field name) holds a hidden
/// character, then the summary's own (such as a balance short of the total).
pub fn approval_warnings<'s>(summary: &'s Summary, requester: &Requester) -> Vec<&'s str> {
    let hidden = requester.has_hidden()
        || summary.title.chars().any(is_hidden)
        || summary
            .rows
            .iter()
            .any(|row| row.label.chars().any(is_hidden) || value_has_hidden(&row.value));
    let mut warnings = Vec::new();
    if hidden {
        warnings.push(HIDDEN_CHARACTERS_WARNING);
    }
    warnings.extend(summary.warnings.iter().map(String::as_str));
    warnings
}

/// Whether a scrolling box has been scrolled to its end (or fits without scrolling), from its
/// `scrollTop`, `clientHeight` and `scrollHeight`, allowing for the browser's rounding.
pub fn scrolled_to_end(scroll_top: f64, client_height: f64, scroll_height: f64) -> bool {
    scroll_top + client_height >= scroll_height - 2.0
}
