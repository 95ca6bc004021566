//! The lookups: `GET /v1/profile/account/{name}`, `/v1/profile/reverse/{address}`,
//! `/v1/profile/suggestions/{name}`, and the gateway's `/v1/profile/gateway` and
//! `/v1/profile/ccip/{sender}/{data}.json`.

use alloy_primitives::hex;
use axum::{
    extract::{rejection::PathRejection, Path, State},
    http::{header, HeaderValue},
    response::{IntoResponse, Response},
    Json,
};
use oriel_protocol::http::names::{
    GatewayInfo, GatewayReply, NameLookupQuery, NameLookupReply, NamesReply, NoRecords,
    SuggestionsQuery, SuggestionsReply,
};

use crate::{
    error::ApiError,
    http::{ApiQuery, ClientIp, SdkClient},
    names::{error::NameError, gateway::Lookup, name_record, rules, suggest::suggest, Names},
    types::is_evm_address,
};

/// Whether an empty answer is `[]` (`apiVersion=2`) rather than a 404.
fn empty_list(query: &NameLookupQuery) -> Result<bool, ApiError> {
    match query.api_version.as_deref() {
        None | Some("1") => Ok(false),
        Some("2") => Ok(true),
        Some(_) => Err(ApiError::invalid("Invalid apiVersion: expected 1 or 2")),
    }
}

fn path(param: Result<Path<String>, PathRejection>) -> Result<String, ApiError> {
    param
        .map(|Path(p)| p)
        .map_err(|e| ApiError::InvalidParams(e.body_text()))
}

/// The registered name `{name}`: its record; else 404 'Name not found' (`[]` with
/// `apiVersion=2`).
pub(super) async fn account(
    State(state): State<Names>,
    _client: SdkClient,
    ClientIp(ip): ClientIp,
    name: Result<Path<String>, PathRejection>,
    ApiQuery(query): ApiQuery<NameLookupQuery>,
) -> Result<Response, ApiError> {
    let name = path(name)?;
    let empty_list = empty_list(&query)?;
    state.check_lookup_limit(ip).await?;
    let (name, _) = rules::name(&name, state.suffix()).map_err(NameError::from)?;
    match state.store().name(&name).await? {
        Some(row) => Ok(Json(name_record(&row)?).into_response()),
        None if empty_list => Ok(Json(NameLookupReply::Free(NoRecords)).into_response()),
        None => Err(NameError::NotFound.into()),
    }
}

/// The names of `{address}`: a list of at most one record (its primary name); else 404 'No
/// name for this address' (`[]` with `apiVersion=2`).
pub(super) async fn reverse(
    State(state): State<Names>,
    _client: SdkClient,
    ClientIp(ip): ClientIp,
    address: Result<Path<String>, PathRejection>,
    ApiQuery(query): ApiQuery<NameLookupQuery>,
) -> Result<Json<NamesReply>, ApiError> {
    let address = path(address)?.to_ascii_lowercase();
    if !is_evm_address(&address) {
        return Err(NameError::Address("expected 0x and 40 hex digits").into());
    }
    if query
        .sender
        .as_deref()
        .is_some_and(|s| !is_evm_address(&s.to_ascii_lowercase()))
    {
        return Err(ApiError::invalid(
            "Invalid sender: expected 0x and 40 hex digits",
        ));
    }
    let empty_list = empty_list(&query)?;
    state.check_lookup_limit(ip).await?;
    let suffix = state.suffix();
    let row = state.store().name_of_address(&address).await?;
    let records = row
        .filter(|r| rules::name(&r.name, suffix).is_ok())
        .map(|r| name_record(&r))
        .transpose()?;
    match records {
        Some(record) => Ok(Json(NamesReply(vec![record]))),
        None if empty_list => Ok(Json(NamesReply(Vec::new()))),
        None => Err(NameError::NoName.into()),
    }
}

pub(super) async fn suggestions(
    State(state): State<Names>,
    _client: SdkClient,
    ClientIp(ip): ClientIp,
    name: Result<Path<String>, PathRejection>,
    ApiQuery(query): ApiQuery<SuggestionsQuery>,
) -> Result<Json<SuggestionsReply>, ApiError> {
    let name = path(name)?;
    let suffix = state.suffix();
    if let Some(zone) = query.zone.filter(|z| !z.eq_ignore_ascii_case(suffix)) {
        let shown: String = zone.chars().take(64).collect();
        return Err(NameError::Zone(shown).into());
    }
    // A full name of the suffix, or a label.
    let label = match rules::name(&name, suffix) {
        Ok((_, label)) => label,
        Err(_) => rules::label(&name).map_err(NameError::from)?,
    };
    state.check_lookup_limit(ip).await?;
    let suggestions = suggest(state.store(), &label, suffix).await?;
    Ok(Json(SuggestionsReply { suggestions }))
}

pub(super) async fn gateway_info(State(state): State<Names>) -> Json<GatewayInfo> {
    Json(GatewayInfo {
        suffix: state.suffix().to_owned(),
        url: state.gateway_url(),
        signer: state.name_gateway().address().to_checksum(None),
    })
}

/// `GET /v1/profile/ccip/{sender}/{data}.json`: the signed record (see `gateway`).
pub(super) async fn ccip(
    State(state): State<Names>,
    ClientIp(ip): ClientIp,
    params: Result<Path<(String, String)>, PathRejection>,
) -> Result<Response, ApiError> {
    let Path((sender, file)) = params.map_err(|e| ApiError::InvalidParams(e.body_text()))?;
    let lookup = Lookup::parse(&sender, &file)?;
    state.check_lookup_limit(ip).await?;
    let row = match rules::name(&lookup.name, state.suffix()) {
        Ok((name, _)) => state.store().name(&name).await?,
        Err(_) => None,
    };
    let now_secs = u64::try_from(state.now_ms().div_euclid(1000)).unwrap_or_default();
    let answer = lookup.answer(state.name_gateway(), row.as_ref(), now_secs);
    let mut response = Json(GatewayReply {
        data: hex::encode_prefixed(answer),
    })
    .into_response();
    // A name registered a moment later must resolve at once.
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(response)
}
