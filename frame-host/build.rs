//! Finds the database migrations: every `src/store/migrations/NNNN_name.sql` (run on both
//! backends) and `NNNN_name.sqlite.sql` / `NNNN_name.postgres.sql` (run on that backend only,
//! before the portable part of the same version), written to `$OUT_DIR/migrations.rs` as one
//! list in version order. A new migration is a new file; nothing else is edited.
//!
//! Also sets `ORIEL_GIT_COMMIT` (`git rev-parse HEAD`, or the variable of that name when set,
//! or "unknown" outside git) and, with the `embed-frame` feature, writes the built frame's
//! files (`ORIEL_FRAME_DIST`, default `../dist/frame`) to `$OUT_DIR/frame_files.rs` as
//! `include_bytes!` entries and sets `ORIEL_FRAME_MANIFEST_SHA256`; without it, that is
//! "not embedded". See `src/frame_assets.rs`.

#[path = "build/frame.rs"]
mod build_frame;

use std::{collections::BTreeMap, env, fs, path::Path};

#[derive(Default)]
struct Migration {
    name: Option<String>,
    portable: Option<String>,
    sqlite: Option<String>,
    postgres: Option<String>,
}

fn main() {
    build_frame::git_commit();
    build_frame::embed_frame();
    migrations();
}

fn migrations() {
    let dir = Path::new(&env::var("CARGO_MANIFEST_DIR").unwrap()).join("src/store/migrations");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut migrations: BTreeMap<u32, Migration> = BTreeMap::new();
    for entry in fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let file = path.file_name().unwrap().to_str().unwrap().to_owned();
        let stem = file
            .strip_suffix(".sql")
            .unwrap_or_else(|| panic!("{file}: a migration is a .sql file"));
        let (stem, backend) = match stem.rsplit_once('.') {
            Some((stem, backend @ ("sqlite" | "postgres"))) => (stem, Some(backend)),
            Some(_) => panic!("{file}: the backend is sqlite or postgres"),
            None => (stem, None),
        };
        let (version, name) = stem
            .split_once('_')
            .filter(|(v, n)| v.len() == 4 && v.bytes().all(|b| b.is_ascii_digit()) && !n.is_empty())
            .unwrap_or_else(|| panic!("{file}: expected NNNN_name.sql"));
        let migration = migrations.entry(version.parse().unwrap()).or_default();
        let slot = match backend {
            None => &mut migration.portable,
            Some("sqlite") => &mut migration.sqlite,
            Some(_) => &mut migration.postgres,
        };
        assert!(
            slot.is_none(),
            "{file}: two files for one version and backend"
        );
        *slot = Some(path.display().to_string());
        // The portable file names the migration; a version with backend parts only takes the
        // name they share.
        if backend.is_none() || migration.name.is_none() {
            migration.name = Some(name.to_owned());
        }
    }
    let mut out = String::from("&[\n");
    for (version, m) in &migrations {
        let text = |path: &Option<String>| match path {
            Some(path) => format!("include_str!({path:?})"),
            None => "\"\"".to_owned(),
        };
        out.push_str(&format!(
            "    Migration {{ version: {version}, name: {:?}, portable: {}, sqlite: {}, postgres: {} }},\n",
            m.name.as_deref().unwrap(),
            text(&m.portable),
            text(&m.sqlite),
            text(&m.postgres),
        ));
    }
    out.push(']');
    fs::write(
        Path::new(&env::var("OUT_DIR").unwrap()).join("migrations.rs"),
        out,
    )
    .unwrap();
}
