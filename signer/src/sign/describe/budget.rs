//! The most the approval screen draws for one request, so it appears at once however large the
//! request (a typed-data payload or calldata can fill the protocol's 4 MiB).

use super::{row, text, Row, Value};
use crate::sign::format::format_count;

/// The most text the approval screen draws for one request, in bytes, all values and names
/// together.
pub(crate) const SHOWN_TEXT_BYTES: usize = 64 * 1024;
/// The most nested entries (typed-data fields, array items, calls) the screen draws.
pub(crate) const SHOWN_ENTRIES: usize = 1000;

/// What is left to draw, and what was left out.
struct Budget {
    text: usize,
    entries: usize,
    cut_bytes: usize,
    cut_entries: usize,
}

impl Budget {
    fn value(&mut self, value: Value) -> Value {
        match value {
            Value::Text(s) => Value::Text(self.text(s)),
            Value::Plain(s) => Value::Plain(self.text(s)),
            Value::Mono(s) => Value::Mono(self.text(s)),
            Value::Address(s) => Value::Address(self.text(s)),
            Value::Tree(entries) => Value::Tree(
                entries
                    .into_iter()
                    .filter_map(|(key, child)| {
                        if self.entries == 0 {
                            let (entries, bytes) = size(&child);
                            self.cut_entries += 1 + entries;
                            self.cut_bytes += key.len() + bytes;
                            return None;
                        }
                        self.entries -= 1;
                        Some((self.text(key), self.value(child)))
                    })
                    .collect(),
            ),
        }
    }

    fn text(&mut self, mut s: String) -> String {
        let mut end = s.len().min(self.text);
        while !s.is_char_boundary(end) {
            end -= 1;
        }
        self.cut_bytes += s.len() - end;
        self.text -= end;
        s.truncate(end);
        s
    }
}

/// The nested entries in `value` and the bytes of text in it.
pub(crate) fn size(value: &Value) -> (usize, usize) {
    match value {
        Value::Text(s) | Value::Plain(s) | Value::Mono(s) | Value::Address(s) => (0, s.len()),
        Value::Tree(entries) => entries.iter().fold((0, 0), |(n, bytes), (key, v)| {
            let (inner, inner_bytes) = size(v);
            (n + 1 + inner, bytes + key.len() + inner_bytes)
        }),
    }
}

/// `rows` cut to [`SHOWN_TEXT_BYTES`] of text and [`SHOWN_ENTRIES`] nested entries, with a
/// last row saying what is not shown. A message to sign is cut earlier, by `message_rows`.
pub(super) fn bounded(rows: Vec<Row>) -> Vec<Row> {
    let mut budget = Budget {
        text: SHOWN_TEXT_BYTES,
        entries: SHOWN_ENTRIES,
        cut_bytes: 0,
        cut_entries: 0,
    };
    let mut rows: Vec<Row> = rows
        .into_iter()
        .map(|r| Row {
            value: budget.value(r.value),
            label: r.label,
        })
        .collect();
    if budget.cut_bytes > 0 || budget.cut_entries > 0 {
        rows.push(row(
            "Not shown",
            text(format!(
                "This request is too long to show in full: {} more bytes of text and {} more \
                 entries are not shown.",
                format_count(budget.cut_bytes),
                format_count(budget.cut_entries)
            )),
        ));
    }
    rows
}
