//! `POST /v1/profile/account`: registering a name (spec §3, §4, §7). The body is
//! `{ coin_type, address, message, signature }`; `message` is the JSON text the address signed
//! with `personal_sign`: `{"name":"alice.oriel.id","attributes":{},"timestamp":1767225600}`
//! (spec §3: name, attributes, timestamp in seconds). The signature is a key's, or a contract
//! account's (ERC-1271, or ERC-6492 while not deployed: the embedded wallet's smart account)
//! checked over the coin type's chain where frame-host has its RPC. First come: a name that is
//! taken, or an address that has a name, is refused.

use alloy_primitives::Address;
use axum::{extract::State, Json};
use oriel_protocol::http::names::{RegisterNameReply, RegisterNameRequest, RegistrationMessage};
use serde_json::Value;

use crate::{
    eip191,
    error::ApiError,
    http::{ApiJson, ClientIp, SdkClient},
    names::{
        error::NameError,
        name_record,
        rules::{self, check_attributes},
        Names,
    },
    siwx::{verify_personal_sign, SiwxError},
    store::{NameInsert, StoredName},
};

/// The longest registration message, bytes.
pub(crate) const MAX_MESSAGE_LEN: usize = 4096;
/// How old a registration message's timestamp may be, seconds: long enough to approve the
/// signature in a phone wallet.
pub(crate) const MAX_AGE_SECS: i64 = 300;
/// How far ahead of frame-host's clock a timestamp may be, seconds (clock skew).
pub(crate) const MAX_AHEAD_SECS: i64 = 60;

pub(super) async fn register(
    State(state): State<Names>,
    client: SdkClient,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<RegisterNameRequest>,
) -> Result<Json<RegisterNameReply>, ApiError> {
    state.check_registration_limit(ip).await?;
    let checked = check(&state, &client.project_id, body)?;
    state.check_address_limit(&checked.row.address).await?;
    check_signature(&state, &checked).await?;
    let row = checked.row;
    // Refusals that take no name do not count against the client's names of the day.
    if state.store().name(&row.name).await?.is_some() {
        return Err(NameError::NameTaken.into());
    }
    if state.store().name_of_address(&row.address).await?.is_some() {
        return Err(NameError::AddressHasName.into());
    }
    state.count_new_name(ip).await?;
    match state.store().add_name(&row).await? {
        NameInsert::Added => {}
        NameInsert::NameTaken => return Err(NameError::NameTaken.into()),
        NameInsert::AddressTaken => return Err(NameError::AddressHasName.into()),
    }
    state.identity_cache().forget(&row.address);
    tracing::info!(name = %row.name, address = %row.address, "name registered");
    Ok(Json(RegisterNameReply {
        success: true,
        account: name_record(&row)?,
    }))
}

/// A registration through the checks that need no chain: the row to store once its signature
/// holds too.
struct Checked {
    row: StoredName,
    /// The address the row is for.
    address: Address,
    /// The chain of the row's coin type.
    chain_id: u64,
    /// The signature's bytes.
    signature: Vec<u8>,
}

/// The checks that need no chain, cheapest first.
fn check(state: &Names, project_id: &str, body: RegisterNameRequest) -> Result<Checked, NameError> {
    let coin_type = coin_type(&body.coin_type)?;
    let chain_id = rules::chain_of(coin_type)?;
    let address = address(&body.address)?;
    if body.message.len() > MAX_MESSAGE_LEN {
        return Err(NameError::Message(format!(
            "longer than {MAX_MESSAGE_LEN} bytes"
        )));
    }
    let message: RegistrationMessage = serde_json::from_str(&body.message).map_err(|e| {
        NameError::Message(format!(
            "expected JSON {{\"name\",\"attributes\",\"timestamp\"}}: {e}"
        ))
    })?;
    let (name, label) = rules::name(&message.name, state.suffix())?;
    if rules::is_reserved(&label, state.suffix()) {
        return Err(NameError::Name(rules::NameRule::Reserved));
    }
    let attributes = message.attributes.unwrap_or_default();
    check_attributes(&attributes)?;
    let now_secs = state.now_ms().div_euclid(1000);
    if message.timestamp < now_secs - MAX_AGE_SECS {
        return Err(NameError::Expired);
    }
    if message.timestamp > now_secs + MAX_AHEAD_SECS {
        return Err(NameError::IssuedInFuture);
    }
    let signature = eip191::signature_bytes(&body.signature).map_err(NameError::SignatureFormat)?;
    let now = state.now_ms();
    let row = StoredName {
        name,
        address: format!("{address:#x}"),
        coin_type: i64::try_from(coin_type).map_err(|_| NameError::InvalidChainId)?,
        attributes: Value::Object(
            attributes
                .into_iter()
                .map(|(k, v)| (k, Value::String(v)))
                .collect(),
        )
        .to_string(),
        project_id: project_id.to_owned(),
        message: body.message,
        signature: body.signature,
        registered_at: now,
        updated_at: now,
    };
    Ok(Checked {
        row,
        address,
        chain_id,
        signature,
    })
}

/// Checks that the address signed the row's message. Where frame-host has the RPC of the chain
/// (`eip155:{chain_id}`), as sign-in does: a key's signature, or the account's ERC-1271 answer
/// or ERC-6492's check; elsewhere a key's signature only.
async fn check_signature(state: &Names, checked: &Checked) -> Result<(), NameError> {
    let Checked { row, address, .. } = checked;
    let Some(chain) = state.chains().get(&format!("eip155:{}", checked.chain_id)) else {
        let signed = eip191::recover(&row.message, &checked.signature) == Some(*address);
        return if signed {
            Ok(())
        } else {
            Err(NameError::BadSignature)
        };
    };
    match verify_personal_sign(&chain, &row.address, &row.message, &checked.signature).await {
        Ok(_) => Ok(()),
        Err(SiwxError::Internal(e)) => Err(NameError::Internal(e)),
        Err(_) => Err(NameError::BadSignature),
    }
}

/// `coin_type` as a number: a JSON integer or a string of decimal digits.
fn coin_type(value: &Value) -> Result<u64, NameError> {
    let invalid = || NameError::Message("coin_type: expected a whole number".into());
    match value {
        Value::Number(n) => n.as_u64().ok_or_else(invalid),
        Value::String(s)
            if (1..=20).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_digit()) =>
        {
            s.parse().map_err(|_| NameError::InvalidChainId)
        }
        _ => Err(invalid()),
    }
}

/// An EVM address: `0x` and 40 hex digits, all lowercase or uppercase, or EIP-55 mixed case.
fn address(text: &str) -> Result<Address, NameError> {
    let hex = text
        .strip_prefix("0x")
        .filter(|h| h.len() == 40 && h.bytes().all(|b| b.is_ascii_hexdigit()))
        .ok_or(NameError::Address("expected 0x and 40 hex digits"))?;
    let mixed =
        hex.bytes().any(|b| b.is_ascii_lowercase()) && hex.bytes().any(|b| b.is_ascii_uppercase());
    if mixed {
        return Address::parse_checksummed(text, None)
            .map_err(|_| NameError::Address("mixed case that is not its EIP-55 checksum"));
    }
    text.parse()
        .map_err(|_| NameError::Address("expected 0x and 40 hex digits"))
}
