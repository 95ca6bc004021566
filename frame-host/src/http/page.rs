//! What the HTML pages frame-host writes share: escaping text into HTML, and JSON that can sit
//! inside a `<script>` element.

use serde::Serialize;

/// `value` as JSON that can sit inside a `<script>` element: `<`, `>` and `&` are written as
/// `\u003c`, `\u003e` and `\u0026` (they only occur inside JSON strings, where those escapes
/// mean the same), so the text can never contain `</script>` or `<!--`.
pub(crate) fn script_safe_json(value: &impl Serialize) -> String {
    let json = serde_json::to_string(value).expect("frame config serialises to JSON");
    json.replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
}

pub(crate) fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn script_safe_json_cannot_close_the_script() {
        let hostile = "</script><script>alert(1)</script><!-- & -->";
        let json = script_safe_json(&serde_json::json!({ "name": hostile }));
        assert!(!json.contains('<') && !json.contains('>') && !json.contains('&'));
        let back: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(back["name"], hostile);
    }

    #[test]
    fn escape_html_escapes_markup() {
        assert_eq!(
            escape_html(r#"<a href="x">'&'</a>"#),
            "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;"
        );
    }
}
