//! The query string of `/getWallets`, checked into a [`Filter`] and a page.

use oriel_protocol::caip::is_caip2;

pub(crate) use oriel_protocol::http::wallets::WalletsQuery;

use super::{
    catalog::Filter,
    wallet::{badge_type, is_wallet_id},
};
use crate::error::ApiError;

/// Entries per page when the query does not say.
pub(crate) const DEFAULT_ENTRIES: usize = 40;
/// Most entries a page holds; larger requests get this many.
pub(crate) const MAX_ENTRIES: usize = 100;
/// Longest accepted search text, in characters.
const MAX_SEARCH_CHARS: usize = 100;

/// A checked `/getWallets` query.
#[derive(Debug)]
pub(crate) struct Parsed {
    pub(crate) filter: Filter,
    /// 1-based.
    pub(crate) page: usize,
    /// 1 to [`MAX_ENTRIES`].
    pub(crate) entries: usize,
}

/// Checks every parameter of `/getWallets` (`projectId` is checked by
/// [`crate::http::ProjectParam`]; `st` and `sv` are accepted and not used); a bad one is a 400
/// naming it.
pub(crate) fn parse(query: WalletsQuery) -> Result<Parsed, ApiError> {
    let page = positive("page", query.page.as_deref())?.unwrap_or(1);
    let entries = positive("entries", query.entries.as_deref())?
        .unwrap_or(DEFAULT_ENTRIES)
        .min(MAX_ENTRIES);
    let ids = |name: &str, value: Option<&str>| -> Result<_, ApiError> {
        list(value)
            .map(|id| {
                if is_wallet_id(id) {
                    Ok(id.to_owned())
                } else {
                    Err(ApiError::InvalidParams(format!(
                        "Invalid wallet id in {name}: {id}"
                    )))
                }
            })
            .collect()
    };
    let chains = list(query.chains.as_deref())
        .map(|id| {
            if is_caip2(id) {
                Ok(id.to_owned())
            } else {
                Err(ApiError::InvalidParams(format!(
                    "Invalid CAIP-2 network id: {id}"
                )))
            }
        })
        .collect::<Result<_, _>>()?;
    let search = query.search.unwrap_or_default().trim().to_owned();
    if search.chars().count() > MAX_SEARCH_CHARS {
        return Err(ApiError::InvalidParams(format!(
            "search is longer than {MAX_SEARCH_CHARS} characters"
        )));
    }
    let badge = match query.badge_type.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(b) => Some(badge_type(b).ok_or_else(|| {
            ApiError::InvalidParams(format!(
                "Invalid badge_type: {b}: expected none or certified"
            ))
        })?),
    };
    Ok(Parsed {
        filter: Filter {
            include: ids("include", query.include.as_deref())?,
            exclude: ids("exclude", query.exclude.as_deref())?,
            chains,
            search,
            badge,
        },
        page,
        entries,
    })
}

/// The non-empty, trimmed items of a comma-separated list.
fn list(value: Option<&str>) -> impl Iterator<Item = &str> {
    value
        .unwrap_or_default()
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
}

/// A whole number from 1, if given (an empty value counts as not given).
fn positive(name: &str, value: Option<&str>) -> Result<Option<usize>, ApiError> {
    match value.map(str::trim) {
        None | Some("") => Ok(None),
        Some(v) => match v.parse::<usize>() {
            Ok(n) if n >= 1 => Ok(Some(n)),
            _ => Err(ApiError::InvalidParams(format!(
                "Invalid {name}: {v}: expected a whole number from 1"
            ))),
        },
    }
}
