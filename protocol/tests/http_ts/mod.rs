//! Writes TypeScript from the OpenAPI schemas (utoipa's JSON) of the HTTP bodies: per schema an
//! exported type and an exported check built from `sdk-react/src/core/frameHost/check.ts`
//! (`object`, `array`, `nullable`, …), so the SDK's types and its validators of frame-host's
//! answers are the one derive's. The subset of JSON Schema handled is what the crate's types
//! produce; anything else panics, naming the schema.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::Value;

/// A schema to declare: its name, its JSON, and its fields in declaration order.
pub(crate) struct Declared {
    pub(crate) name: String,
    pub(crate) schema: Value,
    pub(crate) order: Vec<String>,
}

/// The TypeScript of one generated file.
pub(crate) struct Emitter<'a> {
    /// Every schema's area (its file, without `.gen.ts`).
    pub(crate) area_of: &'a BTreeMap<String, &'static str>,
    /// The area being written.
    pub(crate) area: &'static str,
    /// The check makers used (from `./check`).
    helpers: BTreeSet<&'static str>,
    /// Names used from other areas, by area.
    imports: BTreeMap<&'static str, BTreeSet<String>>,
}

impl<'a> Emitter<'a> {
    /// An emitter of `area`'s file.
    pub(crate) fn new(area_of: &'a BTreeMap<String, &'static str>, area: &'static str) -> Self {
        Self {
            area_of,
            area,
            helpers: BTreeSet::new(),
            imports: BTreeMap::new(),
        }
    }

    /// The whole file: a header, the imports, then each schema, its fields in `order` (serde's,
    /// which JSON objects do not keep).
    pub(crate) fn file(mut self, module: &str, schemas: &[Declared]) -> String {
        let mut body = String::new();
        for declared in schemas {
            body.push('\n');
            body.push_str(&self.declaration(declared));
        }
        let mut out = format!(
            "// Generated from the oriel-protocol crate ({module}) by protocol/tests/http_contract.rs.\n\
             // Do not edit: ORIEL_BLESS=1 cargo test -p oriel-protocol --test http_contract\n"
        );
        // The rarer makers live apart (`checkForms.ts`), so a chunk without them does not carry them.
        let (rare, common): (Vec<&str>, Vec<&str>) = self
            .helpers
            .iter()
            .partition(|h| ["empty", "record", "union", "unknown"].contains(h));
        out.push_str(&format!(
            "import {{ {} }} from './check'\n",
            ["type Check"]
                .into_iter()
                .chain(common)
                .collect::<Vec<_>>()
                .join(", ")
        ));
        if !rare.is_empty() {
            out.push_str(&format!(
                "import {{ {} }} from './checkForms'\n",
                rare.join(", ")
            ));
        }
        for (area, names) in &self.imports {
            let names: Vec<String> = names
                .iter()
                .map(|n| format!("check{n}, type {n}"))
                .collect();
            out.push_str(&format!(
                "import {{ {} }} from './{area}.gen'\n",
                names.join(", ")
            ));
        }
        out + &body
    }

    fn declaration(&mut self, declared: &Declared) -> String {
        let Declared {
            name,
            schema,
            order,
        } = declared;
        let name = name.as_str();
        let mut out = doc(schema, "");
        let properties = schema.get("properties").and_then(Value::as_object);
        if let Some(properties) = properties {
            let required = required_of(schema);
            out.push_str(&format!("export type {name} = {{\n"));
            let (mut needed, mut optional) = (Vec::new(), Vec::new());
            assert_eq!(order.len(), properties.len(), "{name}: the fields' order");
            for key in order {
                let field = &properties[key.as_str()];
                let key_ts = property_key(key);
                out.push_str(&doc(field, "  "));
                let mark = if required.contains(key.as_str()) {
                    ""
                } else {
                    "?"
                };
                out.push_str(&format!(
                    "  readonly {key_ts}{mark}: {}\n",
                    self.ts_type(field, name)
                ));
                let check = format!("{key_ts}: {}", self.check(field, name));
                if required.contains(key.as_str()) {
                    needed.push(check);
                } else {
                    optional.push(check);
                }
            }
            out.push_str("}\n\n");
            self.helpers.insert("object");
            let fields = |list: Vec<String>| match list.is_empty() {
                true => "{}".to_owned(),
                false => format!("{{ {} }}", list.join(", ")),
            };
            let optional = match optional.is_empty() {
                true => String::new(),
                false => format!(", {}", fields(optional)),
            };
            out.push_str(&format!(
                "export const check{name}: Check<{name}> = /*#__PURE__*/ object<{name}>({}{optional})\n",
                fields(needed)
            ));
        } else {
            out.push_str(&format!(
                "export type {name} = {}\n\n",
                self.ts_type(schema, name)
            ));
            let check = self.check(schema, name);
            let pure = if check.ends_with(')') {
                "/*#__PURE__*/ "
            } else {
                ""
            };
            out.push_str(&format!(
                "export const check{name}: Check<{name}> = {pure}{check}\n"
            ));
        }
        out
    }

    /// The name a `$ref` points to, noted for import when another area has it.
    fn reference(&mut self, schema: &Value, within: &str) -> Option<String> {
        let target = schema.get("$ref")?.as_str()?;
        let name = target
            .strip_prefix("#/components/schemas/")
            .unwrap_or_else(|| panic!("{within}: unexpected $ref {target}"));
        let area = *self
            .area_of
            .get(name)
            .unwrap_or_else(|| panic!("{within}: {name} has no area"));
        if area != self.area {
            self.imports
                .entry(area)
                .or_default()
                .insert(name.to_owned());
        }
        Some(name.to_owned())
    }

    /// The forms of a `oneOf` or `anyOf` without its `null`, and whether it had one.
    fn forms(schema: &Value) -> Option<(Vec<&Value>, bool)> {
        let list = schema
            .get("oneOf")
            .or_else(|| schema.get("anyOf"))?
            .as_array()?;
        let is_null = |s: &&Value| s.get("type").and_then(Value::as_str) == Some("null");
        let nullable = list.iter().any(|s| is_null(&s));
        Some((list.iter().filter(|s| !is_null(s)).collect(), nullable))
    }

    /// The TypeScript type of `schema`.
    fn ts_type(&mut self, schema: &Value, within: &str) -> String {
        if let Some(name) = self.reference(schema, within) {
            return name;
        }
        if let Some((forms, nullable)) = Self::forms(schema) {
            let mut types: Vec<String> = forms.iter().map(|f| self.ts_type(f, within)).collect();
            if nullable {
                types.push("null".into());
            }
            return types.join(" | ");
        }
        if let Some(single) = single_all_of(schema) {
            return self.ts_type(single, within);
        }
        let (kind, nullable) = kind(schema, within);
        let base = match kind {
            "string" => match schema.get("enum").and_then(Value::as_array) {
                Some(values) => values
                    .iter()
                    .map(|v| format!("'{}'", v.as_str().expect("string enum")))
                    .collect::<Vec<_>>()
                    .join(" | "),
                None => "string".into(),
            },
            "integer" | "number" => "number".into(),
            "boolean" => "boolean".into(),
            "array" => {
                if schema.get("maxItems").and_then(Value::as_u64) == Some(0) {
                    "readonly []".into()
                } else {
                    let items = schema.get("items").unwrap_or(&Value::Null);
                    let item = self.ts_type(items, within);
                    if item.contains(' ') {
                        format!("readonly ({item})[]")
                    } else {
                        format!("readonly {item}[]")
                    }
                }
            }
            "object" => match schema.get("additionalProperties") {
                Some(values) if values.is_object() => {
                    format!("Readonly<Record<string, {}>>", self.ts_type(values, within))
                }
                _ => "Readonly<Record<string, unknown>>".into(),
            },
            "any" => "unknown".into(),
            other => panic!("{within}: unexpected type {other}"),
        };
        if nullable {
            format!("{base} | null")
        } else {
            base
        }
    }

    /// The check of `schema`, an expression over the makers of `./check`.
    fn check(&mut self, schema: &Value, within: &str) -> String {
        if let Some(name) = self.reference(schema, within) {
            return format!("check{name}");
        }
        if let Some((forms, nullable)) = Self::forms(schema) {
            let checks: Vec<String> = forms.iter().map(|f| self.check(f, within)).collect();
            let inner = if checks.len() == 1 {
                checks.into_iter().next().unwrap_or_default()
            } else {
                self.helpers.insert("union");
                format!("union({})", checks.join(", "))
            };
            return self.wrap_nullable(inner, nullable);
        }
        if let Some(single) = single_all_of(schema) {
            return self.check(single, within);
        }
        let (kind, nullable) = kind(schema, within);
        let inner = match kind {
            "string" => match schema.get("enum").and_then(Value::as_array) {
                Some(values) => {
                    self.helpers.insert("oneOf");
                    let values: Vec<String> = values
                        .iter()
                        .map(|v| format!("'{}'", v.as_str().expect("string enum")))
                        .collect();
                    format!("oneOf([{}])", values.join(", "))
                }
                None => self.helper("string"),
            },
            "number" => self.helper("number"),
            "boolean" => self.helper("boolean"),
            "integer" => {
                self.helpers.insert("integer");
                let bound = |key| schema.get(key).and_then(Value::as_f64);
                match (bound("minimum"), bound("maximum")) {
                    (None, None) => "integer()".into(),
                    (Some(min), None) => format!("integer({min})"),
                    (min, Some(max)) => format!(
                        "integer({}, {max})",
                        min.map_or("undefined".into(), |m| m.to_string())
                    ),
                }
            }
            "array" if schema.get("maxItems").and_then(Value::as_u64) == Some(0) => {
                self.helper("empty")
            }
            "array" => {
                self.helpers.insert("array");
                let items = schema.get("items").unwrap_or(&Value::Null);
                let item = if items.is_null() || items.as_object().is_some_and(|o| o.is_empty()) {
                    self.helper("unknown")
                } else {
                    self.check(items, within)
                };
                match schema.get("maxItems").and_then(Value::as_u64) {
                    Some(max) => format!("array({item}, {max})"),
                    None => format!("array({item})"),
                }
            }
            "object" => {
                self.helpers.insert("record");
                match schema.get("additionalProperties") {
                    Some(values) if values.is_object() => {
                        format!("record({})", self.check(values, within))
                    }
                    _ => format!("record({})", self.helper("unknown")),
                }
            }
            "any" => self.helper("unknown"),
            other => panic!("{within}: unexpected type {other}"),
        };
        self.wrap_nullable(inner, nullable)
    }

    fn helper(&mut self, name: &'static str) -> String {
        self.helpers.insert(name);
        name.into()
    }

    fn wrap_nullable(&mut self, check: String, nullable: bool) -> String {
        if nullable {
            self.helpers.insert("nullable");
            format!("nullable({check})")
        } else {
            check
        }
    }
}

/// The schema's type and whether `null` is allowed too: `"string"`, `["string", "null"]`, or
/// `"any"` for a schema without a type (any JSON value).
fn kind<'s>(schema: &'s Value, within: &str) -> (&'s str, bool) {
    match schema.get("type") {
        Some(Value::String(kind)) => (kind.as_str(), false),
        Some(Value::Array(kinds)) => {
            let kinds: Vec<&str> = kinds.iter().filter_map(Value::as_str).collect();
            let nullable = kinds.contains(&"null");
            let rest: Vec<&str> = kinds.into_iter().filter(|k| *k != "null").collect();
            match rest.as_slice() {
                [one] => (one, nullable),
                _ => panic!("{within}: unexpected types {rest:?}"),
            }
        }
        None if schema
            .as_object()
            .is_some_and(|o| o.keys().all(|k| k == "description" || k == "default")) =>
        {
            ("any", false)
        }
        _ => panic!("{within}: unexpected schema {schema}"),
    }
}

/// The one schema of an `allOf` of one (how a described `$ref` may be written).
fn single_all_of(schema: &Value) -> Option<&Value> {
    match schema.get("allOf")?.as_array()?.as_slice() {
        [one] => Some(one),
        _ => None,
    }
}

fn required_of(schema: &Value) -> BTreeSet<&str> {
    schema
        .get("required")
        .and_then(Value::as_array)
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default()
}

/// A property name as a TypeScript key: bare when it is an identifier.
fn property_key(key: &str) -> String {
    let identifier = key
        .chars()
        .enumerate()
        .all(|(i, c)| c == '_' || c.is_ascii_alphabetic() || (i > 0 && c.is_ascii_digit()));
    if identifier {
        key.to_owned()
    } else {
        format!("'{key}'")
    }
}

/// The schema's description as a JSDoc comment, indented.
fn doc(schema: &Value, indent: &str) -> String {
    let Some(text) = schema.get("description").and_then(Value::as_str) else {
        return String::new();
    };
    let text = unlink(text.trim()).replace("*/", "*\\/");
    let lines: Vec<&str> = text.lines().collect();
    if let [one] = lines.as_slice() {
        return format!("{indent}/** {one} */\n");
    }
    let mut out = format!("{indent}/**\n");
    for line in lines {
        out.push_str(&format!(
            "{indent} *{}{line}\n",
            if line.is_empty() { "" } else { " " }
        ));
    }
    out + &format!("{indent} */\n")
}

/// Rustdoc links as plain code: `` [`super::onramp::OnrampHistoryReply`] `` is
/// `` `OnrampHistoryReply` ``.
fn unlink(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(start) = rest.find("[`") {
        let Some(end) = rest[start..].find("`]") else {
            break;
        };
        let inner = &rest[start + 2..start + end];
        out.push_str(&rest[..start]);
        out.push('`');
        out.push_str(inner.rsplit("::").next().unwrap_or(inner));
        out.push('`');
        rest = &rest[start + end + 2..];
    }
    out + rest
}
