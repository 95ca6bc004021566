//! The build's identity: the git commit, and with the `embed-frame` feature the built frame's
//! files compiled into the binary (see `src/frame_assets.rs`).

use std::{
    env, fs,
    path::{Path, PathBuf},
    process::Command,
};

use sha2::{Digest, Sha256};

/// Sets `ORIEL_GIT_COMMIT`: the variable of that name when set (a build from a source
/// archive), else `git rev-parse HEAD`, else "unknown". Reruns when HEAD moves.
pub(crate) fn git_commit() {
    println!("cargo:rerun-if-env-changed=ORIEL_GIT_COMMIT");
    let commit = match env::var("ORIEL_GIT_COMMIT") {
        Ok(commit) if !commit.is_empty() => commit,
        _ => {
            for file in ["HEAD", "packed-refs"]
                .into_iter()
                .map(str::to_owned)
                .chain(git(&["symbolic-ref", "-q", "HEAD"]))
            {
                // A path that does not exist would rerun this script on every build.
                if let Some(path) = git(&["rev-parse", "--git-path", &file]) {
                    let path = Path::new(&env::var("CARGO_MANIFEST_DIR").unwrap()).join(path);
                    if path.exists() {
                        println!("cargo:rerun-if-changed={}", path.display());
                    }
                }
            }
            git(&["rev-parse", "HEAD"]).unwrap_or_else(|| "unknown".to_owned())
        }
    };
    println!("cargo:rustc-env=ORIEL_GIT_COMMIT={commit}");
}

/// What `git args` prints in this package's directory, trimmed; `None` when git is missing or
/// fails (outside a repository).
fn git(args: &[&str]) -> Option<String> {
    let output = Command::new("git")
        .args(args)
        .current_dir(env::var("CARGO_MANIFEST_DIR").unwrap())
        .output()
        .ok()?;
    let text = String::from_utf8(output.stdout).ok()?.trim().to_owned();
    (output.status.success() && !text.is_empty()).then_some(text)
}

/// With the `embed-frame` feature: writes `$OUT_DIR/frame_files.rs`, the list of the frame's
/// files (`manifest.json`, the files it names, and their `.br`/`.gz` copies) as
/// `EmbeddedFile` entries, and sets `ORIEL_FRAME_MANIFEST_SHA256`. Fails the build when the
/// frame is not built: a release binary without its frame would be a broken deployment.
pub(crate) fn embed_frame() {
    if env::var_os("CARGO_FEATURE_EMBED_FRAME").is_none() {
        println!("cargo:rustc-env=ORIEL_FRAME_MANIFEST_SHA256=not embedded");
        return;
    }
    println!("cargo:rerun-if-env-changed=ORIEL_FRAME_DIST");
    let manifest_dir = PathBuf::from(env::var("CARGO_MANIFEST_DIR").unwrap());
    let dist = match env::var("ORIEL_FRAME_DIST") {
        Ok(dir) if !dir.is_empty() => manifest_dir.join(dir),
        _ => manifest_dir.join("../dist/frame"),
    };
    println!("cargo:rerun-if-changed={}", dist.display());
    let manifest_path = dist.join("manifest.json");
    let manifest = fs::read(&manifest_path).unwrap_or_else(|e| {
        panic!(
            "embed-frame: {}: {e}; build the frame first (bash scripts/build-wasm.sh) \
             or name its directory in ORIEL_FRAME_DIST",
            manifest_path.display()
        )
    });
    let names: serde_json::Map<String, serde_json::Value> = serde_json::from_slice(&manifest)
        .unwrap_or_else(|e| panic!("embed-frame: {}: {e}", manifest_path.display()));
    let mut files = vec!["manifest.json".to_owned()];
    for (key, name) in &names {
        let name = name
            .as_str()
            .filter(|n| !n.contains(['/', '\\']) && !n.starts_with('.'))
            .unwrap_or_else(|| panic!("embed-frame: manifest.json: {key} is not a file name"));
        assert!(
            dist.join(name).is_file(),
            "embed-frame: {}: missing (manifest.json names it)",
            dist.join(name).display()
        );
        files.push(name.to_owned());
        for suffix in [".br", ".gz"] {
            let compressed = format!("{name}{suffix}");
            if dist.join(&compressed).is_file() {
                files.push(compressed);
            }
        }
    }
    let mut out = String::from("&[\n");
    for name in &files {
        let path = fs::canonicalize(dist.join(name)).unwrap();
        out.push_str(&format!(
            "    EmbeddedFile {{ name: {name:?}, bytes: include_bytes!({:?}) }},\n",
            path.display().to_string()
        ));
    }
    out.push(']');
    fs::write(
        Path::new(&env::var("OUT_DIR").unwrap()).join("frame_files.rs"),
        out,
    )
    .unwrap();
    let hash: String = Sha256::digest(&manifest)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    println!("cargo:rustc-env=ORIEL_FRAME_MANIFEST_SHA256={hash}");
}
