//! The contract of frame-host's HTTP routes the SDK calls, in one place: which route takes and
//! answers which body ([`ROUTES`]), the bodies' schemas by area ([`areas`]), and the OpenAPI
//! document frame-host serves at `/openapi.json` ([`openapi`]). The protocol's test
//! `http_contract` writes the SDK's TypeScript checks and `fixtures/http/routes.json` from
//! them and holds the golden bodies of `fixtures/http/` to them ([`round_trip`]); frame-host's
//! tests check that it routes every path of [`ROUTES`].

use std::collections::{BTreeMap, BTreeSet};

use serde_json::Value;
use utoipa::{
    openapi::{
        path::{HttpMethod, Parameter, ParameterBuilder, ParameterIn, PathItem},
        request_body::RequestBodyBuilder,
        response::{ResponseBuilder, Responses, ResponsesBuilder},
        schema::{OneOfBuilder, Schema},
        ComponentsBuilder, Content, ContentBuilder, InfoBuilder, OpenApi, OpenApiBuilder,
        PathsBuilder, Ref, RefOr, Required,
    },
    PartialSchema, ToSchema,
};

use super::{
    analytics::*, blockchain::*, convert::*, history::*, identity::*, names::*, onramp::*, siwx::*,
    wallets::*, HttpErrorBody,
};

/// Each area (a generated file of the SDK), the crate module it comes from, and its top-level
/// bodies with the schemas they use. Also [`round_trip`]: a golden body read as its type and
/// written back.
macro_rules! contract {
    ($($area:literal ($module:literal) => [$($ty:ty),* $(,)?]),* $(,)?) => {
        /// The areas, each with its bodies' schemas and the schemas they use (repeated across
        /// areas: a schema belongs to the first area that names it).
        #[allow(clippy::type_complexity)]
        pub fn areas() -> Vec<(&'static str, &'static str, Vec<(String, RefOr<Schema>)>)> {
            vec![$(($area, $module, {
                let mut schemas = Vec::new();
                $(
                    schemas.push((<$ty as ToSchema>::name().into_owned(), <$ty as PartialSchema>::schema()));
                    <$ty as ToSchema>::schemas(&mut schemas);
                )*
                schemas
            })),*]
        }

        /// `json` read as the body `name` and written back; `None` when no body has that name.
        pub fn round_trip(name: &str, json: Value) -> Option<Result<Value, serde_json::Error>> {
            $($(
                if name == <$ty as ToSchema>::name() {
                    return Some(serde_json::from_value::<$ty>(json).map(|body| {
                        serde_json::to_value(body).expect("a body writes")
                    }));
                }
            )*)*
            None
        }
    };
}

contract! {
    "common" ("http") => [SdkQuery, HttpErrorBody],
    "wallets" ("http::wallets") => [WalletsQuery, WalletsPage, OriginsReply],
    "balance" ("http::blockchain") => [
        BalanceQuery, BalanceReply, SupportedChainsReply, FungiblePriceRequest, FungiblePriceReply,
    ],
    "history" ("http::history") => [HistoryQuery, HistoryReply, NftsQuery, NftsReply],
    "identity" ("http::identity") => [IdentityQuery, IdentityReply],
    "convert" ("http::convert") => [
        ConvertChainQuery, SwapTokensReply, SwapQuoteQuery, SwapQuotesReply, AllowanceQuery,
        AllowanceReply, GasPriceReply, ApproveQuery, ApproveReply, BuildSwapRequest, BuildSwapReply,
    ],
    "onramp" ("http::onramp") => [
        OnrampOptionsQuery, OnrampOptions, OnrampQuoteRequest, OnrampQuote, OnrampUrlRequest,
        OnrampUrlReply, OnrampHistoryReply,
    ],
    "names" ("http::names") => [
        NameLookupQuery, NameLookupReply, NamesReply, SuggestionsQuery, SuggestionsReply,
        RegisterNameRequest, RegistrationMessage, RegisterNameReply, GatewayInfo, GatewayReply,
    ],
    "siwx" ("http::siwx") => [
        NonceReply, SignInRequest, SignInReply, SessionsQuery, SessionsReply, RevokeRequest,
        RevokeReply,
    ],
    "analytics" ("http::analytics") => [AnalyticsConfigReply, AnalyticsEvent],
}

/// A route the SDK calls: its fixtures' folder, method and path, and its bodies' schemas.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Route {
    /// Its folder under `fixtures/http/`.
    pub slug: &'static str,
    /// `GET` or `POST` (`*`: every route).
    pub method: &'static str,
    /// Its path, `{name}` for a path parameter (`*`: every route).
    pub path: &'static str,
    /// The schema of its query parameters.
    pub query: Option<&'static str>,
    /// The schema of its JSON request body.
    pub request: Option<&'static str>,
    /// The schema of its answer.
    pub reply: Option<&'static str>,
}

const fn route(
    slug: &'static str,
    method: &'static str,
    path: &'static str,
    (query, request, reply): (
        Option<&'static str>,
        Option<&'static str>,
        Option<&'static str>,
    ),
) -> Route {
    Route {
        slug,
        method,
        path,
        query,
        request,
        reply,
    }
}

/// Every frame-host route the SDK calls (`frame-host/API.md`), and the error body all of them
/// answer a refusal with (`error`, no path).
pub const ROUTES: &[Route] = &[
    route("error", "*", "*", (None, None, Some("HttpErrorBody"))),
    route(
        "get-wallets",
        "GET",
        "/getWallets",
        (Some("WalletsQuery"), None, Some("WalletsPage")),
    ),
    route(
        "project-origins",
        "GET",
        "/projects/v1/origins",
        (None, None, Some("OriginsReply")),
    ),
    route(
        "supported-chains",
        "GET",
        "/v1/supported-chains",
        (None, None, Some("SupportedChainsReply")),
    ),
    route(
        "fungible-price",
        "POST",
        "/v1/fungible/price",
        (
            None,
            Some("FungiblePriceRequest"),
            Some("FungiblePriceReply"),
        ),
    ),
    route(
        "balance",
        "GET",
        "/v1/account/{address}/balance",
        (Some("BalanceQuery"), None, Some("BalanceReply")),
    ),
    route(
        "history",
        "GET",
        "/v1/account/{account}/history",
        (Some("HistoryQuery"), None, Some("HistoryReply")),
    ),
    route(
        "onramp-history",
        "GET",
        "/v1/account/{account}/history?onramp={provider}",
        (Some("HistoryQuery"), None, Some("OnrampHistoryReply")),
    ),
    route(
        "nfts",
        "GET",
        "/v1/account/{address}/nfts",
        (Some("NftsQuery"), None, Some("NftsReply")),
    ),
    route(
        "identity",
        "GET",
        "/v1/identity/{address}",
        (Some("IdentityQuery"), None, Some("IdentityReply")),
    ),
    route(
        "convert-tokens",
        "GET",
        "/v1/convert/tokens",
        (Some("ConvertChainQuery"), None, Some("SwapTokensReply")),
    ),
    route(
        "convert-quotes",
        "GET",
        "/v1/convert/quotes",
        (Some("SwapQuoteQuery"), None, Some("SwapQuotesReply")),
    ),
    route(
        "convert-allowance",
        "GET",
        "/v1/convert/allowance",
        (Some("AllowanceQuery"), None, Some("AllowanceReply")),
    ),
    route(
        "convert-gas-price",
        "GET",
        "/v1/convert/gas-price",
        (Some("ConvertChainQuery"), None, Some("GasPriceReply")),
    ),
    route(
        "convert-build-approve",
        "GET",
        "/v1/convert/build-approve",
        (Some("ApproveQuery"), None, Some("ApproveReply")),
    ),
    route(
        "convert-build-transaction",
        "POST",
        "/v1/convert/build-transaction",
        (None, Some("BuildSwapRequest"), Some("BuildSwapReply")),
    ),
    route(
        "onramp-options",
        "GET",
        "/v1/onramp/options",
        (Some("OnrampOptionsQuery"), None, Some("OnrampOptions")),
    ),
    route(
        "onramp-quote",
        "POST",
        "/v1/onramp/quote",
        (None, Some("OnrampQuoteRequest"), Some("OnrampQuote")),
    ),
    route(
        "onramp-url",
        "POST",
        "/v1/generators/onrampurl",
        (None, Some("OnrampUrlRequest"), Some("OnrampUrlReply")),
    ),
    route(
        "name-lookup",
        "GET",
        "/v1/profile/account/{name}",
        (Some("NameLookupQuery"), None, Some("NameLookupReply")),
    ),
    route(
        "name-reverse",
        "GET",
        "/v1/profile/reverse/{address}",
        (Some("NameLookupQuery"), None, Some("NamesReply")),
    ),
    route(
        "name-suggestions",
        "GET",
        "/v1/profile/suggestions/{name}",
        (Some("SuggestionsQuery"), None, Some("SuggestionsReply")),
    ),
    route(
        "name-register",
        "POST",
        "/v1/profile/account",
        (None, Some("RegisterNameRequest"), Some("RegisterNameReply")),
    ),
    route(
        "name-gateway",
        "GET",
        "/v1/profile/gateway",
        (None, None, Some("GatewayInfo")),
    ),
    route(
        "name-ccip",
        "GET",
        "/v1/profile/ccip/{sender}/{data}.json",
        (None, None, Some("GatewayReply")),
    ),
    route(
        "siwx-nonce",
        "GET",
        "/v1/sessions/nonce",
        (None, None, Some("NonceReply")),
    ),
    route(
        "siwx-sign-in",
        "POST",
        "/v1/sessions",
        (None, Some("SignInRequest"), Some("SignInReply")),
    ),
    route(
        "siwx-sessions",
        "GET",
        "/v1/sessions/{address}",
        (Some("SessionsQuery"), None, Some("SessionsReply")),
    ),
    route(
        "siwx-revoke",
        "POST",
        "/v1/sessions/{address}/revoke",
        (None, Some("RevokeRequest"), Some("RevokeReply")),
    ),
    route(
        "analytics-config",
        "GET",
        "/getAnalyticsConfig",
        (None, None, Some("AnalyticsConfigReply")),
    ),
    route(
        "analytics-event",
        "POST",
        "/e",
        (None, Some("AnalyticsEvent"), None),
    ),
];

/// The OpenAPI document of [`ROUTES`]: each path with its operation, path and query
/// parameters, request body and answer (every refusal answers [`HttpErrorBody`]), and every
/// body's schema as a component. frame-host serves it at `/openapi.json`, `version` its own.
pub fn openapi(version: &str) -> OpenApi {
    let mut seen = BTreeSet::new();
    let mut components = ComponentsBuilder::new();
    let mut fields = BTreeMap::new();
    for (name, schema) in areas().into_iter().flat_map(|(_, _, schemas)| schemas) {
        if seen.insert(name.clone()) {
            if let Some(list) = object_fields(&schema) {
                fields.insert(name.clone(), list);
            }
            components = components.schema(name, schema);
        }
    }
    let mut paths = PathsBuilder::new();
    let mut done = BTreeSet::new();
    for route in ROUTES.iter().filter(|r| r.path != "*") {
        let path = route.path.split('?').next().unwrap_or(route.path);
        // A path may answer two bodies, told apart by a query parameter (the history and, with
        // `onramp`, the purchases): one operation whose answer is either.
        if !done.insert((path, route.method)) {
            continue;
        }
        let replies: Vec<&str> = ROUTES
            .iter()
            .filter(|r| r.method == route.method && r.path.split('?').next() == Some(path))
            .filter_map(|r| r.reply)
            .collect();
        let method = if route.method == "POST" {
            HttpMethod::Post
        } else {
            HttpMethod::Get
        };
        let mut parameters = path_parameters(path);
        let query = route
            .query
            .and_then(|q| fields.get(q))
            .into_iter()
            .flatten();
        for (field, schema, required) in query {
            parameters.push(
                ParameterBuilder::new()
                    .name(field)
                    .parameter_in(ParameterIn::Query)
                    .required(if *required {
                        Required::True
                    } else {
                        Required::False
                    })
                    .schema(Some(schema.clone()))
                    .build(),
            );
        }
        let mut operation = utoipa::openapi::path::OperationBuilder::new()
            .operation_id(Some(route.slug))
            .parameters(Some(parameters))
            .responses(responses(&replies));
        if let Some(request) = route.request {
            operation = operation.request_body(Some(
                RequestBodyBuilder::new()
                    .content("application/json", json_of(request))
                    .required(Some(Required::True))
                    .build(),
            ));
        }
        paths = paths.path(path, PathItem::new(method, operation.build()));
    }
    OpenApiBuilder::new()
        .info(
            InfoBuilder::new()
                .title("Oriel frame-host")
                .version(version)
                .build(),
        )
        .paths(paths.build())
        .components(Some(components.build()))
        .build()
}

fn json_of(schema: &str) -> Content {
    ContentBuilder::new()
        .schema(Some(Ref::from_schema_name(schema)))
        .build()
}

fn responses(replies: &[&str]) -> Responses {
    let ok = match replies {
        [] => ResponseBuilder::new().description("No content.").build(),
        [reply] => ResponseBuilder::new()
            .description("The answer.")
            .content("application/json", json_of(reply))
            .build(),
        several => {
            let either = several
                .iter()
                .fold(OneOfBuilder::new(), |one_of, reply| {
                    one_of.item(Ref::from_schema_name(*reply))
                })
                .build();
            ResponseBuilder::new()
                .description("The answer: one of these, as the query asks.")
                .content(
                    "application/json",
                    ContentBuilder::new()
                        .schema(Some(Schema::OneOf(either)))
                        .build(),
                )
                .build()
        }
    };
    let refused = ResponseBuilder::new()
        .description("A refusal (4xx, 5xx): its code and message.")
        .content("application/json", json_of("HttpErrorBody"))
        .build();
    ResponsesBuilder::new()
        .response(if replies.is_empty() { "204" } else { "200" }, ok)
        .response("default", refused)
        .build()
}

/// The `{name}` parameters of `path`, as strings.
fn path_parameters(path: &str) -> Vec<Parameter> {
    path.split('/')
        .filter_map(|segment| {
            let name = segment.strip_prefix('{')?.split('}').next()?;
            Some(
                ParameterBuilder::new()
                    .name(name)
                    .parameter_in(ParameterIn::Path)
                    .required(Required::True)
                    .schema(Some(<String as PartialSchema>::schema()))
                    .build(),
            )
        })
        .collect()
}

/// The fields of an object schema: name, schema, whether required.
type Field = (String, RefOr<Schema>, bool);

fn object_fields(schema: &RefOr<Schema>) -> Option<Vec<Field>> {
    let RefOr::T(Schema::Object(object)) = schema else {
        return None;
    };
    let fields = object
        .properties
        .iter()
        .map(|(name, field)| {
            let required = object.required.contains(name);
            (name.clone(), field.clone(), required)
        })
        .collect();
    Some(fields)
}
