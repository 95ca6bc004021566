//! The widget's theme as the host sends it (`SyncTheme`), checked. The frame's screens follow
//! the values they can use and keep their own for the rest: the host page chooses colours, a
//! font and a radius, never markup or URLs, so each value must match a narrow form.

use oriel_protocol::{ThemeMode, ThemeVariable};

/// Variables read from one `SyncTheme`; the rest are ignored.
const MAX_VARIABLES: usize = 16;
/// The longest font stack taken.
const MAX_FONT_LEN: usize = 200;
/// Text on the accent when white reads worse. Black, so that one of the two always reaches
/// 4.5:1 (the worst accent, a mid grey, still gets 4.58:1 with black).
const DARK_INK: &str = "#000000";

/// What the frame's screens wear. `None`: the frame's own default.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Theme {
    /// Light or dark.
    pub mode: ThemeMode,
    /// The accent (buttons, focus rings), as `#rrggbb`.
    pub accent: Option<String>,
    /// Text on the accent: white or near-black, whichever contrasts more (at least 4.5:1).
    pub on_accent: Option<&'static str>,
    /// The font stack.
    pub font: Option<String>,
    /// The base radius, in px (`4px`).
    pub radius: Option<String>,
}

/// The usable part of a `SyncTheme`.
pub fn theme(mode: ThemeMode, variables: &[ThemeVariable]) -> Theme {
    let mut theme = Theme {
        mode,
        accent: None,
        on_accent: None,
        font: None,
        radius: None,
    };
    for variable in variables.iter().take(MAX_VARIABLES) {
        let value = variable.value.trim();
        match variable.name.as_str() {
            "--oriel-accent" => {
                if let Some(rgb) = hex_colour(value) {
                    theme.on_accent = Some(text_on(rgb));
                    theme.accent = Some(format!("#{:02x}{:02x}{:02x}", rgb[0], rgb[1], rgb[2]));
                }
            }
            "--oriel-font-family" if is_font_stack(value) => theme.font = Some(value.to_owned()),
            "--oriel-border-radius-base" if is_px(value) => theme.radius = Some(value.to_owned()),
            _ => {}
        }
    }
    theme
}

/// `#rgb` or `#rrggbb`.
fn hex_colour(value: &str) -> Option<[u8; 3]> {
    let hex = value.strip_prefix('#')?;
    if !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let digit = |i: usize| u8::from_str_radix(&hex[i..=i], 16).ok();
    match hex.len() {
        3 => Some([digit(0)? * 17, digit(1)? * 17, digit(2)? * 17]),
        6 => Some([
            u8::from_str_radix(&hex[0..2], 16).ok()?,
            u8::from_str_radix(&hex[2..4], 16).ok()?,
            u8::from_str_radix(&hex[4..6], 16).ok()?,
        ]),
        _ => None,
    }
}

/// WCAG relative luminance.
fn luminance([r, g, b]: [u8; 3]) -> f64 {
    let linear = |c: u8| {
        let c = f64::from(c) / 255.0;
        if c <= 0.039_28 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}

/// WCAG contrast ratio between two colours.
pub fn contrast(a: [u8; 3], b: [u8; 3]) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// White or [`DARK_INK`] on `accent`, whichever contrasts more.
fn text_on(accent: [u8; 3]) -> &'static str {
    let ink = hex_colour(DARK_INK).unwrap_or([0, 0, 0]);
    if contrast(accent, [255, 255, 255]) >= contrast(accent, ink) {
        "#ffffff"
    } else {
        DARK_INK
    }
}

/// Font names, commas, spaces, quotes, hyphens and dots only: no `url(`, no `;`.
fn is_font_stack(value: &str) -> bool {
    !value.is_empty()
        && value.len() <= MAX_FONT_LEN
        && value
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, ' ' | ',' | '-' | '\'' | '"' | '.'))
}

/// `4px`, `12.5px`: at most 2 digits, then an optional 1 or 2 decimals.
fn is_px(value: &str) -> bool {
    let Some(number) = value.strip_suffix("px") else {
        return false;
    };
    let (whole, fraction) = number.split_once('.').unwrap_or((number, "1"));
    (1..=2).contains(&whole.len())
        && (1..=2).contains(&fraction.len())
        && whole
            .bytes()
            .chain(fraction.bytes())
            .all(|b| b.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn var(name: &str, value: &str) -> ThemeVariable {
        ThemeVariable {
            name: name.into(),
            value: value.into(),
        }
    }

    #[test]
    fn takes_what_it_can_use() {
        let t = theme(
            ThemeMode::Light,
            &[
                var("--oriel-accent", "#076B62"),
                var("--oriel-font-family", "'Inter', system-ui, sans-serif"),
                var("--oriel-border-radius-base", "4px"),
            ],
        );
        assert_eq!(t.mode, ThemeMode::Light);
        assert_eq!(t.accent.as_deref(), Some("#076b62"));
        assert_eq!(t.on_accent, Some("#ffffff"));
        assert_eq!(t.font.as_deref(), Some("'Inter', system-ui, sans-serif"));
        assert_eq!(t.radius.as_deref(), Some("4px"));
    }

    #[test]
    fn text_on_the_accent_always_reads() {
        // The dark theme's teal wants dark ink; a deep indigo wants white.
        let teal = theme(ThemeMode::Dark, &[var("--oriel-accent", "#3dd6c6")]);
        assert_eq!(teal.on_accent, Some(DARK_INK));
        let indigo = theme(ThemeMode::Dark, &[var("--oriel-accent", "#4f62f0")]);
        assert_eq!(indigo.on_accent, Some("#ffffff"));
        for rgb in [
            [0x77; 3],
            [0xff, 0, 0],
            [0, 0x80, 0xff],
            [0x3d, 0xd6, 0xc6],
            [0x12, 0x34, 0x56],
        ] {
            let ink = hex_colour(text_on(rgb)).unwrap();
            assert!(contrast(rgb, ink) >= 4.5, "{rgb:?}");
        }
        assert_eq!(hex_colour("#abc"), Some([0xaa, 0xbb, 0xcc]));
    }

    #[test]
    fn refuses_values_that_could_carry_more_than_a_style() {
        let t = theme(
            ThemeMode::Dark,
            &[
                var("--oriel-accent", "red"),
                var("--oriel-accent", "url(https://evil.example/x)"),
                var("--oriel-accent", "#12345g"),
                var(
                    "--oriel-font-family",
                    "x; background: url(https://evil.example)",
                ),
                var("--oriel-font-family", &"a".repeat(201)),
                var("--oriel-border-radius-base", "4em"),
                var("--oriel-border-radius-base", "100px"),
                var("--oriel-border-radius-base", "calc(1px)"),
                var("--something-else", "#ffffff"),
            ],
        );
        assert_eq!(
            t,
            Theme {
                mode: ThemeMode::Dark,
                accent: None,
                on_accent: None,
                font: None,
                radius: None
            }
        );
    }
}
