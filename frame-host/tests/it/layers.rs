//! The shape of frame-host's source: its top-level modules form layers, each importing only
//! from its own layer or the ones below (so they form no import cycle), and no source file
//! outside tests is longer than 600 lines.
//!
//! An import is any `crate::x` path in a module's source (a `use` or a path in code),
//! comments, strings and `#[cfg(test)]` modules left out; a path to an item of the crate
//! root (`crate::VERSION`) is an import of `lib`.

use std::{
    collections::{BTreeMap, BTreeSet},
    fs,
    path::{Path, PathBuf},
};

/// frame-host's top-level modules, lowest layer first (the order `lib.rs` declares them in).
const LAYERS: &[&[&str]] = &[
    // Foundations.
    &[
        "clock", "eip191", "error", "metrics", "net", "secrets", "types", "version",
    ],
    // The database.
    &["store"],
    // Services everything else builds on.
    &[
        "chain", "keys", "limits", "mail", "prices", "projects", "sessions",
    ],
    // The services of each part of the API.
    &[
        "account",
        "analytics",
        "bundler",
        "farcaster",
        "frame",
        "indexer",
        "login",
        "names",
        "onramp",
        "registry",
        "rpc_proxy",
        "siwx",
        "social",
        "swap",
        "wallets",
    ],
    // The config, made of the services' sections.
    &["config"],
    // The HTTP plumbing.
    &["http"],
    // Dev mode's own services and routes.
    &["dev"],
    // The instance.
    &["state"],
    &["routes", "tasks"],
    &["cli"],
    &["lib", "main"],
];

/// The longest source file outside tests, lines.
const MAX_LINES: usize = 600;

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every `.rs` file under `dir`.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
    files
}

/// The top-level module a source file belongs to (`lib` for `lib.rs`).
fn module_of(path: &Path) -> String {
    let relative = path.strip_prefix(src()).unwrap();
    let first = relative.components().next().unwrap();
    let name = first.as_os_str().to_str().unwrap();
    name.strip_suffix(".rs").unwrap_or(name).to_owned()
}

/// Whether a file is test code: a `tests.rs` or `*_tests.rs`, or under a `tests/` folder.
fn is_test_file(path: &Path) -> bool {
    let relative = path.strip_prefix(src()).unwrap();
    relative.components().any(|c| c.as_os_str() == "tests")
        || relative
            .file_stem()
            .and_then(|s| s.to_str())
            .is_some_and(|s| s == "tests" || s.ends_with("_tests"))
}

/// `text` with comments, string and char literals blanked out.
fn code_only(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if c == 'r' && matches!(next, Some('"') | Some('#')) && !ident_before(&chars, i) {
            // A raw string: r"…", r#"…"#.
            let mut j = i + 1;
            let mut hashes = 0;
            while chars.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if chars.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            j += 1;
            loop {
                if j >= chars.len() {
                    break;
                }
                if chars[j] == '"' && (0..hashes).all(|k| chars.get(j + 1 + k) == Some(&'#')) {
                    j += 1 + hashes;
                    break;
                }
                j += 1;
            }
            out.push_str("\"\"");
            i = j;
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    i += 1;
                }
                i += 1;
            }
            i += 1;
            out.push_str("\"\"");
        } else if c == '\'' && is_char_literal(&chars, i) {
            i += 1;
            if chars[i] == '\\' {
                i += 1;
            }
            while chars[i] != '\'' {
                i += 1;
            }
            i += 1;
            out.push_str("' '");
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn ident_before(chars: &[char], i: usize) -> bool {
    i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_')
}

/// Whether the `'` at `i` opens a char literal (`'x'`, `'\n'`, `'\u{…}'`) rather than a
/// lifetime (`'a`).
fn is_char_literal(chars: &[char], i: usize) -> bool {
    match chars.get(i + 1) {
        Some('\\') => true,
        Some(_) => chars.get(i + 2) == Some(&'\''),
        None => false,
    }
}

/// `code` without its `#[cfg(test)] mod x { … }` blocks.
fn without_test_modules(code: &str) -> String {
    let mut out = String::with_capacity(code.len());
    let mut rest = code;
    while let Some(at) = rest.find("#[cfg(test)]") {
        out.push_str(&rest[..at]);
        let after = rest[at + "#[cfg(test)]".len()..].trim_start();
        if !after.starts_with("mod ") {
            out.push_str("#[cfg(test)]");
            rest = &rest[at + "#[cfg(test)]".len()..];
            continue;
        }
        let open = after.find(['{', ';']).unwrap();
        if after.as_bytes()[open] == b';' {
            rest = &after[open + 1..];
            continue;
        }
        let mut depth = 0;
        let mut end = open;
        for (k, b) in after.bytes().enumerate().skip(open) {
            match b {
                b'{' => depth += 1,
                b'}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = k + 1;
                        break;
                    }
                }
                _ => {}
            }
        }
        rest = &after[end..];
    }
    out.push_str(rest);
    out
}

/// The first names of every `crate::` path in `code`: `crate::a::b` gives `a`,
/// `crate::{a::b, c}` gives `a` and `c`.
fn crate_paths(code: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    let mut rest = code;
    while let Some(at) = rest.find("crate::") {
        let before = rest[..at].chars().next_back();
        rest = &rest[at + "crate::".len()..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        if let Some(group) = rest.strip_prefix('{') {
            let mut depth = 1;
            let mut item = String::new();
            for c in group.chars() {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    _ => {}
                }
                if depth == 0 || (depth == 1 && c == ',') {
                    names.insert(first_ident(&item));
                    item.clear();
                    if depth == 0 {
                        break;
                    }
                } else {
                    item.push(c);
                }
            }
        } else {
            names.insert(first_ident(rest));
        }
    }
    names.remove("");
    names
}

fn first_ident(text: &str) -> String {
    text.trim_start()
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect()
}

/// The import graph of the top-level modules: module -> the modules it imports.
fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let files: Vec<PathBuf> = rust_files(&src())
        .into_iter()
        .filter(|p| !is_test_file(p))
        .collect();
    let modules: BTreeSet<String> = files.iter().map(|p| module_of(p)).collect();
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in &files {
        let module = module_of(file);
        let code = without_test_modules(&code_only(&fs::read_to_string(file).unwrap()));
        let edges = graph.entry(module.clone()).or_default();
        for name in crate_paths(&code) {
            let target = if modules.contains(&name) {
                name
            } else {
                "lib".to_owned()
            };
            if target != module {
                edges.insert(target);
            }
        }
    }
    graph
}

/// The strongly connected components of `graph` with more than one module (Tarjan's).
fn cycles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<BTreeSet<String>> {
    struct Walk<'a> {
        graph: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        found: Vec<BTreeSet<String>>,
    }
    impl<'a> Walk<'a> {
        fn visit(&mut self, v: &'a str) {
            let n = self.index.len();
            self.index.insert(v, n);
            self.low.insert(v, n);
            self.stack.push(v);
            self.on_stack.insert(v);
            for w in self.graph.get(v).into_iter().flatten() {
                let w = w.as_str();
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let low = self.low[v].min(self.low[w]);
                    self.low.insert(v, low);
                } else if self.on_stack.contains(w) {
                    let low = self.low[v].min(self.index[w]);
                    self.low.insert(v, low);
                }
            }
            if self.low[v] == self.index[v] {
                let mut component = BTreeSet::new();
                while let Some(w) = self.stack.pop() {
                    self.on_stack.remove(w);
                    component.insert(w.to_owned());
                    if w == v {
                        break;
                    }
                }
                if component.len() > 1 {
                    self.found.push(component);
                }
            }
        }
    }
    let mut walk = Walk {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for v in graph.keys() {
        if !walk.index.contains_key(v.as_str()) {
            walk.visit(v);
        }
    }
    walk.found
}

fn layer_of(module: &str) -> usize {
    LAYERS
        .iter()
        .position(|layer| layer.contains(&module))
        .unwrap_or_else(|| panic!("module {module} is in no layer of tests/it/layers.rs"))
}

#[test]
fn the_top_level_modules_form_no_cycle() {
    let graph = graph();
    assert!(graph.len() > 30, "read {} modules", graph.len());
    let cycles = cycles(&graph);
    assert!(cycles.is_empty(), "modules in an import cycle: {cycles:?}");
}

#[test]
fn each_module_imports_only_its_layer_and_the_ones_below() {
    let mut upward = Vec::new();
    for (module, imports) in graph() {
        for import in imports {
            if layer_of(&import) > layer_of(&module) {
                upward.push(format!("{module} -> {import}"));
            }
        }
    }
    assert!(
        upward.is_empty(),
        "imports from a higher layer: {upward:#?}"
    );
}

#[test]
fn no_source_file_is_over_600_lines() {
    let mut long: Vec<String> = rust_files(&src())
        .into_iter()
        .filter(|p| !is_test_file(p))
        .filter_map(|p| {
            let text = fs::read_to_string(&p).unwrap();
            let code = match text.find("\n#[cfg(test)]\nmod tests {") {
                Some(at) => &text[..at],
                None => &text[..],
            };
            let lines = code.lines().count();
            (lines > MAX_LINES).then(|| format!("{}: {lines}", p.display()))
        })
        .collect();
    long.sort();
    assert!(long.is_empty(), "files over {MAX_LINES} lines: {long:#?}");
}

#[test]
fn the_reader_sees_paths_and_skips_comments_strings_and_tests() {
    let code = code_only(
        "use crate::{a::b, c};\n\
         // crate::comment\n\
         /* crate::block */\n\
         let s = \"crate::string\";\n\
         let r = r#\"crate::raw\"#;\n\
         let q = '\"'; fn f<'a>(x: &'a str) { crate::d::e(x) }\n\
         #[cfg(test)]\nmod tests { use crate::tested; }\n",
    );
    let names = crate_paths(&without_test_modules(&code));
    assert_eq!(names.into_iter().collect::<Vec<_>>(), ["a", "c", "d"]);
}
