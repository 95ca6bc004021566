//! Key files: read, or created once with mode 0600 (atomically, so two processes agree).

use std::{
    fs::{self, File, OpenOptions},
    io::{self, Write},
    path::Path,
};

use zeroize::Zeroizing;

use crate::error::{Error, Result};

/// Reads the key file at `path`, or creates it with `make()`'s bytes and mode 0600.
///
/// Creation is atomic: the bytes go to a temporary file that is then hard-linked into place,
/// so two instances starting at once agree on one key and nobody reads a half-written file.
pub(crate) fn read_or_create(
    path: &Path,
    make: impl FnOnce() -> Result<Vec<u8>>,
) -> Result<Zeroizing<Vec<u8>>> {
    let err = |source: io::Error| Error::KeyFileIo {
        path: path.to_path_buf(),
        source,
    };
    match fs::read(path) {
        Ok(bytes) => {
            warn_if_readable_by_others(path);
            return Ok(Zeroizing::new(bytes));
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => {}
        Err(e) => return Err(err(e)),
    }
    let bytes = Zeroizing::new(make()?);
    let tmp = path.with_extension(format!("tmp-{}", std::process::id()));
    let _ = fs::remove_file(&tmp);
    let mut file = create_private(&tmp).map_err(err)?;
    file.write_all(&bytes)
        .and_then(|()| file.sync_all())
        .map_err(err)?;
    drop(file);
    let linked = fs::hard_link(&tmp, path);
    let _ = fs::remove_file(&tmp);
    match linked {
        Ok(()) => {
            if let Some(dir) = path.parent().and_then(|d| File::open(d).ok()) {
                let _ = dir.sync_all();
            }
            tracing::info!(path = %path.display(), "created key file");
            Ok(bytes)
        }
        // Another instance created it first: use theirs.
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
            fs::read(path).map(Zeroizing::new).map_err(err)
        }
        Err(e) => Err(err(e)),
    }
}

pub(crate) fn create_private(path: &Path) -> io::Result<File> {
    let mut options = OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    options.open(path)
}

pub(crate) fn warn_if_readable_by_others(path: &Path) {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        if let Ok(meta) = fs::metadata(path) {
            if meta.permissions().mode() & 0o077 != 0 {
                tracing::warn!(path = %path.display(), "key file is readable by group or others: chmod 600 it");
            }
        }
    }
}

/// Writes `bytes` to `path` (mode 0600), replacing it atomically: a temporary file renamed
/// into place, so a crash leaves the old file or the new one, never half of one.
pub(crate) fn write_replacing(path: &Path, bytes: &[u8]) -> Result<()> {
    let err = |source: io::Error| Error::KeyFileIo {
        path: path.to_path_buf(),
        source,
    };
    let tmp = path.with_extension(format!("tmp-{}", std::process::id()));
    let _ = fs::remove_file(&tmp);
    let mut file = create_private(&tmp).map_err(err)?;
    file.write_all(bytes)
        .and_then(|()| file.sync_all())
        .map_err(err)?;
    drop(file);
    fs::rename(&tmp, path).map_err(err)?;
    sync_dir(path);
    Ok(())
}

/// Renames `from` to `to` (replacing it), then syncs the directory.
pub(crate) fn rename(from: &Path, to: &Path) -> Result<()> {
    fs::rename(from, to).map_err(|source| Error::KeyFileIo {
        path: from.to_path_buf(),
        source,
    })?;
    sync_dir(to);
    Ok(())
}

fn sync_dir(path: &Path) {
    if let Some(dir) = path.parent().and_then(|d| File::open(d).ok()) {
        let _ = dir.sync_all();
    }
}
