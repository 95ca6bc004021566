//! `oriel-frame-host keys …`: the operator's keys (issue 39). `init` creates them once (a
//! production server never does); `rotate-jwt` and `rotate-kek` replace them without
//! stranding a token or a wallet. Each prints what it did and what the operator does next.

use clap::Subcommand;

use crate::{
    clock::Clock,
    config::Config,
    error::{Error, KeyMismatch, Result},
    keys::{
        files::{read_or_create, rename, write_replacing},
        fingerprint::{recorded, Fingerprints, JWT, KEK, SIWX},
        kek::{public_key_fingerprint, Kek},
        load::{load, new_signing_key, pem_of, Loaded, Missing},
        record_or_check,
        rotate::reseal_all,
        source::{self, kek_bytes, process_env, Env, Found, Source},
    },
    secrets,
    state::create_data_dir,
    store::Store,
};

#[derive(Debug, Subcommand)]
pub(super) enum KeysCommand {
    /// Create the KEK, the access-token key and the sign-in key in the data dir (mode 0600)
    /// where no variable names them, and record their fingerprints in the database. Refuses
    /// to create a key the database already records one of.
    Init,
    /// Replace the access-token and sign-in keys: the old ones become the previous keys,
    /// which verify (and the JWK set publishes) until their tokens have expired.
    RotateJwt,
    /// Seal every stored recovery key under a new KEK. The first run makes the next KEK
    /// (`kek.next.bin`) and records it; once every instance has been restarted with it, the
    /// second run re-seals and swaps the files. Safe to run again after a crash at any row.
    RotateKek {
        /// Re-seal in this run, without waiting for instances to load the next KEK (no
        /// instance is running).
        #[arg(long)]
        now: bool,
        /// Stop after this many rows, as a crash would (for tests of resuming).
        #[arg(long, hide = true)]
        stop_after: Option<u64>,
    },
}

pub(super) async fn run(command: KeysCommand) -> Result<()> {
    let config = Config::load()?;
    super::logging::init()?;
    let now = Clock::system().now_ms();
    // The default SQLite database lives in the data dir.
    create_data_dir(&config.data_dir)?;
    let store = Store::open(&config.effective_database_url()).await?;
    let env: Env<'_> = &process_env;
    let result = match command {
        KeysCommand::Init => init(&config, &store, env, now).await,
        KeysCommand::RotateJwt => rotate_jwt(&config, &store, env, now).await,
        KeysCommand::RotateKek {
            now: at_once,
            stop_after,
        } => rotate_kek(&config, &store, env, now, at_once, stop_after).await,
    };
    store.close().await;
    println!("{}", result?);
    Ok(())
}

const KINDS: [(&str, Source); 3] = [(KEK, source::KEK), (JWT, source::JWT), (SIWX, source::SIWX)];

/// `keys init`.
pub(crate) async fn init(config: &Config, store: &Store, env: Env<'_>, now: i64) -> Result<String> {
    let data_dir = &config.data_dir;
    let records = store.operator_keys().await?;
    let mut created = Vec::new();
    for (kind, source) in KINDS {
        if source.find(data_dir, env)?.is_some() {
            continue;
        }
        if let Some(r) = recorded(&records, kind, "current") {
            return Err(Error::KeyCommand(format!(
                "the database already records a {what} (fingerprint {fp}) and this instance \
                 has none: copy it from a running instance ({env}, {env}_FILE or {path}) \
                 instead of creating a new one, which would strand every wallet and session",
                what = source.what,
                fp = r.fingerprint,
                env = source.env,
                path = data_dir.join(source.file).display(),
            )));
        }
        created.push(data_dir.join(source.file).display().to_string());
    }
    let loaded = load(data_dir, Missing::Create, env)?;
    let fingerprints = loaded.fingerprints();
    record_or_check(store, &fingerprints, now).await?;
    let what = if created.is_empty() {
        "every key is already there; nothing created".to_owned()
    } else {
        format!("created {}", created.join(", "))
    };
    Ok(format!("{what}; fingerprints: {fingerprints}"))
}

/// `keys rotate-jwt`.
pub(crate) async fn rotate_jwt(
    config: &Config,
    store: &Store,
    env: Env<'_>,
    now: i64,
) -> Result<String> {
    let data_dir = &config.data_dir;
    let loaded = load(data_dir, Missing::Refuse, env)?;
    let fingerprints = loaded.fingerprints();
    let records = store.operator_keys().await?;
    same_kek(&records, &fingerprints)?;
    let mut lines = Vec::new();
    for kind in [JWT, SIWX] {
        let (source, previous_source, key, origin, previous, loaded_fp) = if kind == JWT {
            (
                source::JWT,
                source::JWT_PREVIOUS,
                &loaded.jwt,
                &loaded.jwt_origin,
                &fingerprints.jwt_previous,
                &fingerprints.jwt,
            )
        } else {
            (
                source::SIWX,
                source::SIWX_PREVIOUS,
                &loaded.siwx,
                &loaded.siwx_origin,
                &fingerprints.siwx_previous,
                &fingerprints.siwx,
            )
        };
        let current = recorded(&records, kind, "current")
            .ok_or(KeyMismatch::NotRecorded { what: source.what })?
            .fingerprint
            .clone();
        let new_fp = if current == *loaded_fp {
            // Files only: a key from a variable is the operator's to replace.
            if !origin.data_dir_file(data_dir, &source) {
                return Err(Error::KeyCommand(format!(
                    "the {what} comes from {origin}: put a new Ed25519 PKCS#8 key in {env} and \
                     the current one in {prev}, then run `keys rotate-jwt` again to record them",
                    what = source.what,
                    env = source.env,
                    prev = previous_source.env,
                )));
            }
            let (new, pem) = new_signing_key()?;
            write_replacing(&data_dir.join(previous_source.file), &pem_of(key)?)?;
            write_replacing(&data_dir.join(source.file), &pem)?;
            public_key_fingerprint(kind, &new.verifying_key().to_bytes())
        } else if previous.as_deref() == Some(current.as_str()) {
            // Replaced already (files swapped before a crash, or by the operator): record it.
            loaded_fp.clone()
        } else {
            return Err(KeyMismatch::Differs {
                what: source.what,
                env: source.env,
                loaded: loaded_fp.clone(),
                recorded: current,
            }
            .into());
        };
        store.promote_operator_key(kind, &new_fp, now).await?;
        lines.push(format!("{what}: {current} -> {new_fp}", what = source.what));
    }
    lines.push(
        "restart every instance: each signs with the new keys and still verifies (and \
         publishes) the previous ones until their tokens expire (access tokens 15 minutes, \
         sign-in tokens 24 hours); the *.previous.pem files may go after that"
            .into(),
    );
    Ok(lines.join("\n"))
}

/// `keys rotate-kek`.
pub(crate) async fn rotate_kek(
    config: &Config,
    store: &Store,
    env: Env<'_>,
    now: i64,
    at_once: bool,
    stop_after: Option<u64>,
) -> Result<String> {
    let data_dir = &config.data_dir;
    let loaded = load(data_dir, Missing::Refuse, env)?;
    let fingerprints = loaded.fingerprints();
    let records = store.operator_keys().await?;
    let current = recorded(&records, KEK, "current")
        .ok_or(KeyMismatch::NotRecorded { what: "KEK" })?
        .fingerprint
        .clone();
    let next_found = source::KEK_NEXT.find(data_dir, env)?;
    let next_fp = next_found.as_ref().map(kek_bytes).transpose()?;
    let next_fp = next_fp.map(|k| Kek::new(&k).id().to_owned());
    let promoted = next_fp.as_deref() == Some(current.as_str());
    if current != fingerprints.kek && !promoted {
        return Err(KeyMismatch::Differs {
            what: "KEK",
            env: "ORIEL_KEK",
            loaded: fingerprints.kek,
            recorded: current,
        }
        .into());
    }
    let next_found = match next_found {
        Some(found) => found,
        None => {
            let path = data_dir.join(source::KEK_NEXT.file);
            Found {
                bytes: read_or_create(&path, || Ok(secrets::random::<32>()?.to_vec()))?,
                origin: source::Origin::File(path),
            }
        }
    };
    let next = Kek::new(&*kek_bytes(&next_found)?);
    if !promoted {
        let known = recorded(&records, KEK, "next").is_some_and(|r| r.fingerprint == next.id());
        if !known {
            store.set_operator_key(KEK, "next", next.id(), now).await?;
            if !at_once {
                return Ok(format!(
                    "next KEK {id} is in {origin} and recorded: restart every instance so it \
                     loads it too (until then their readiness check fails), then run `keys \
                     rotate-kek` again to re-seal the recovery keys",
                    id = next.id(),
                    origin = next_found.origin,
                ));
            }
        }
    }
    let keys = loaded.keys();
    let progress = reseal_all(store, &keys, &next, stop_after).await?;
    if !progress.finished {
        return Ok(format!(
            "stopped after re-sealing {} recovery keys; run `keys rotate-kek` again to carry on",
            progress.resealed
        ));
    }
    store.promote_operator_key(KEK, next.id(), now).await?;
    // Keys sealed under the old KEK by instances meanwhile.
    let late = reseal_all(store, &keys, &next, None).await?;
    let resealed = progress.resealed + late.resealed;
    Ok(format!(
        "re-sealed {resealed} recovery keys under KEK {id}; {files}",
        id = next.id(),
        files = swap_kek_files(config, &loaded, &next_found)?,
    ))
}

/// Makes the next KEK the KEK and keeps the old one as the previous KEK, when both are files
/// in the data dir; else says which variables to change.
fn swap_kek_files(config: &Config, loaded: &Loaded, next: &Found) -> Result<String> {
    let data_dir = &config.data_dir;
    let files = loaded.kek_origin.data_dir_file(data_dir, &source::KEK)
        && next.origin.data_dir_file(data_dir, &source::KEK_NEXT);
    if !files {
        return Ok(format!(
            "now set {kek} to the next KEK (from {next}), {prev} to the old one, unset {next_env}, \
             and restart every instance",
            kek = source::KEK.env,
            next = next.origin,
            prev = source::KEK_PREVIOUS.env,
            next_env = source::KEK_NEXT.env,
        ));
    }
    write_replacing(&data_dir.join(source::KEK_PREVIOUS.file), &*loaded.kek)?;
    rename(
        &data_dir.join(source::KEK_NEXT.file),
        &data_dir.join(source::KEK.file),
    )?;
    Ok(format!(
        "{} is the new KEK and {} the old one: restart every instance",
        source::KEK.file,
        source::KEK_PREVIOUS.file
    ))
}

/// Refuses to work on a database whose KEK is another one.
fn same_kek(records: &[crate::store::KeyRecord], loaded: &Fingerprints) -> Result<()> {
    match recorded(records, KEK, "current") {
        Some(r) if r.fingerprint != loaded.kek => Err(KeyMismatch::Differs {
            what: "KEK",
            env: "ORIEL_KEK",
            loaded: loaded.kek.clone(),
            recorded: r.fingerprint.clone(),
        }
        .into()),
        Some(_) => Ok(()),
        None => Err(KeyMismatch::NotRecorded { what: "KEK" }.into()),
    }
}
