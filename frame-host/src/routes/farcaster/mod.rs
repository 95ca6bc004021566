//! Sign In With Farcaster (`API.md`, "Farcaster"): the relay with the API of Farcaster's own
//! (`relay`: `/v1/channel*`) and the frame's login over it (`login`:
//! `/auth/v1/farcaster/*`), over [`Farcaster`](crate::farcaster::Farcaster).

mod login;
mod relay;

use axum::{
    extract::DefaultBodyLimit,
    routing::{get, post},
    Router,
};

use super::Routes;

/// The largest request body of these routes, bytes (a message of at most 8 KiB and a profile).
const MAX_BODY: usize = 16 * 1024;

/// The path of the relay's routes, which apps and Farcaster clients on any origin call: each
/// call carries its channel token, never a cookie, so they are exempt from the origin check.
const RELAY_PATH: &str = "/v1/channel";

/// The routes of this module: the relay (CORS for every origin: its calls carry their own
/// token) and the frame's login.
pub(crate) fn routes() -> Routes {
    let relay = Router::new()
        .route("/v1/channel", post(relay::create).options(relay::preflight))
        .route(
            "/v1/channel/status",
            get(relay::status).options(relay::preflight),
        )
        .route(
            "/v1/channel/authenticate",
            post(relay::authenticate).options(relay::preflight),
        )
        .layer(axum::middleware::map_response(relay::cors));
    let router = Router::new()
        .merge(relay)
        .route("/auth/v1/farcaster/start", post(login::start))
        .route("/auth/v1/farcaster/redeem", post(login::redeem))
        .layer(DefaultBodyLimit::max(MAX_BODY));
    Routes::new(router).origin_exempt(&[RELAY_PATH])
}
