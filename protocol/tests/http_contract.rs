//! The contract between the SDK and frame-host's HTTP routes, from the `http` bodies' OpenAPI
//! schemas (feature `openapi`):
//! - the SDK's TypeScript types and validators, `sdk-react/src/core/frameHost/{area}.gen.ts`, and
//!   the route table `fixtures/http/routes.json` are current (to regenerate:
//!   `ORIEL_BLESS=1 cargo test -p oriel-protocol --test http_contract`);
//! - every golden body of `fixtures/http/{route}/valid/` reads as its type and writes back to
//!   the same JSON, and every body of `invalid/` is refused. The files are named by what they
//!   hold: `reply.json`, `reply-{case}.json`, `request.json`, … A changed golden is a change of
//!   the contract: frame-host's tests and the SDK's (`contract.test.ts`) read the same files.

mod http_ts;

use http_ts::Declared;
use std::{collections::BTreeMap, fs, path::PathBuf};

use oriel_protocol::http::contract::{areas, round_trip, Route, ROUTES};
use serde_json::Value;
use utoipa::openapi::{schema::Schema, RefOr};

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn fixtures() -> PathBuf {
    repo().join("fixtures/http")
}

/// Every schema as JSON, by area, each once (in the first area that uses it), after the
/// schemas of its area it refers to (a check is a constant: what it uses comes first).
fn schemas_by_area() -> Vec<(&'static str, &'static str, Vec<Declared>)> {
    let mut seen = BTreeMap::new();
    let mut out = Vec::new();
    for (area, module, schemas) in areas() {
        let mut own = Vec::new();
        for (name, schema) in schemas {
            if seen.insert(name.clone(), area).is_some() {
                continue;
            }
            let order = match &schema {
                RefOr::T(Schema::Object(object)) => object.properties.keys().cloned().collect(),
                _ => Vec::new(),
            };
            let schema = serde_json::to_value(schema).expect("a schema writes");
            own.push(Declared {
                name,
                schema,
                order,
            });
        }
        out.push((area, module, dependencies_first(own)));
    }
    out
}

/// `schemas` ordered so that each comes after those of the list it refers to (`$ref`).
fn dependencies_first(schemas: Vec<Declared>) -> Vec<Declared> {
    fn refs(value: &Value, out: &mut Vec<String>) {
        match value {
            Value::Object(map) => {
                if let Some(Value::String(target)) = map.get("$ref") {
                    out.push(target.rsplit('/').next().unwrap_or_default().to_owned());
                }
                map.values().for_each(|v| refs(v, out));
            }
            Value::Array(list) => list.iter().for_each(|v| refs(v, out)),
            _ => {}
        }
    }
    fn visit(i: usize, schemas: &[Declared], done: &mut Vec<bool>, order: &mut Vec<usize>) {
        if done[i] {
            return;
        }
        done[i] = true;
        let mut used = Vec::new();
        refs(&schemas[i].schema, &mut used);
        for name in used {
            if let Some(j) = schemas.iter().position(|s| s.name == name) {
                visit(j, schemas, done, order);
            }
        }
        order.push(i);
    }
    let mut done = vec![false; schemas.len()];
    let mut order = Vec::new();
    for i in 0..schemas.len() {
        visit(i, &schemas, &mut done, &mut order);
    }
    let mut slots: Vec<Option<Declared>> = schemas.into_iter().map(Some).collect();
    order.into_iter().filter_map(|i| slots[i].take()).collect()
}

/// Checks (or with `ORIEL_BLESS`, writes) a generated file.
fn check_generated(path: PathBuf, fresh: &str) {
    if std::env::var_os("ORIEL_BLESS").is_some() {
        fs::create_dir_all(path.parent().expect("a folder")).unwrap();
        fs::write(&path, fresh).unwrap();
    }
    let committed = fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == fresh,
        "{} is stale: run ORIEL_BLESS=1 cargo test -p oriel-protocol --test http_contract",
        path.display()
    );
}

#[test]
fn generated_typescript_is_current() {
    let by_area = schemas_by_area();
    let area_of: BTreeMap<String, &'static str> = by_area
        .iter()
        .flat_map(|(area, _, schemas)| schemas.iter().map(|s| (s.name.clone(), *area)))
        .collect();
    for (area, module, schemas) in &by_area {
        let ts = http_ts::Emitter::new(&area_of, area).file(module, schemas);
        let path = repo().join(format!("sdk-react/src/core/frameHost/{area}.gen.ts"));
        check_generated(path, &ts);
    }
}

#[test]
fn generated_route_table_is_current() {
    let by_area = schemas_by_area();
    let types: BTreeMap<&str, &str> = by_area
        .iter()
        .flat_map(|(area, _, schemas)| schemas.iter().map(|s| (s.name.as_str(), *area)))
        .collect();
    let routes: Vec<Value> = ROUTES
        .iter()
        .map(|r| {
            for name in [r.query, r.request, r.reply].into_iter().flatten() {
                assert!(types.contains_key(name), "{}: {name} is no body", r.slug);
            }
            serde_json::json!({
                "route": r.slug, "method": r.method, "path": r.path,
                "query": r.query, "request": r.request, "reply": r.reply,
            })
        })
        .collect();
    let table = serde_json::json!({ "routes": routes, "types": types });
    let text = serde_json::to_string_pretty(&table).unwrap() + "\n";
    check_generated(fixtures().join("routes.json"), &text);
}

/// The body a fixture file holds: `reply-empty.json` is the route's reply.
fn body_of<'r>(route: &'r Route, file: &str) -> &'r str {
    let kind = file
        .trim_end_matches(".json")
        .split('-')
        .next()
        .unwrap_or_default();
    let body = match kind {
        "query" => route.query,
        "request" => route.request,
        "reply" => route.reply,
        _ => None,
    };
    body.unwrap_or_else(|| panic!("{}/{file}: the route has no {kind}", route.slug))
}

fn files(dir: PathBuf) -> Vec<(String, Value)> {
    let Ok(entries) = fs::read_dir(&dir) else {
        return Vec::new();
    };
    let mut out: Vec<(String, Value)> = entries
        .map(|entry| {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let text = fs::read_to_string(&path).unwrap();
            let json = serde_json::from_str(&text)
                .unwrap_or_else(|e| panic!("{}: not JSON: {e}", path.display()));
            (name, json)
        })
        .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

#[test]
fn golden_bodies_round_trip() {
    for route in ROUTES {
        let dir = fixtures().join(route.slug);
        let valid = files(dir.join("valid"));
        for body in [route.request, route.reply].into_iter().flatten() {
            assert!(
                valid.iter().any(|(file, _)| body_of(route, file) == body),
                "{}: no golden {body}",
                route.slug
            );
        }
        for (file, json) in valid {
            let body = body_of(route, &file);
            let written = round_trip(body, json.clone())
                .unwrap_or_else(|| panic!("{body} is not a body of the contract"))
                .unwrap_or_else(|e| panic!("{}/valid/{file}: {body}: {e}", route.slug));
            assert_eq!(
                written, json,
                "{}/valid/{file}: {body} writes other JSON",
                route.slug
            );
        }
        for (file, json) in files(dir.join("invalid")) {
            let body = body_of(route, &file);
            assert!(
                round_trip(body, json).is_some_and(|r| r.is_err()),
                "{}/invalid/{file}: {body} accepted it",
                route.slug
            );
        }
    }
}

#[test]
fn no_stray_fixtures() {
    let slugs: Vec<&str> = ROUTES.iter().map(|r| r.slug).collect();
    for entry in fs::read_dir(fixtures()).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if path.is_dir() {
            assert!(
                slugs.contains(&name.as_str()),
                "fixtures/http/{name}: no such route"
            );
            for sub in fs::read_dir(&path).unwrap() {
                let sub = sub.unwrap().file_name().to_string_lossy().into_owned();
                assert!(
                    sub == "valid" || sub == "invalid",
                    "fixtures/http/{name}/{sub}"
                );
            }
        } else {
            assert_eq!(name, "routes.json", "fixtures/http/{name}");
        }
    }
}
