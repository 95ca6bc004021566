//! The HTTP contract the SDK is held to (`oriel_protocol::http::contract`, with the golden
//! bodies of `fixtures/http/`): frame-host routes every one of its paths, and serves it as
//! its OpenAPI document.

use axum::http::{Method, StatusCode};
use oriel_protocol::http::contract::ROUTES;

use crate::common::TestApp;

/// `path` with each `{name}` filled in with a value of the right shape.
fn filled(path: &str) -> String {
    let path = path.split('?').next().unwrap_or(path);
    path.split('/')
        .map(|segment| match segment {
            "{address}" | "{account}" | "{sender}" => "0x00000000000000000000000000000000000000aa",
            "{data}.json" => "0x00.json",
            "{name}" => "alice.oriel.id",
            other => other,
        })
        .collect::<Vec<_>>()
        .join("/")
}

#[tokio::test]
async fn frame_host_routes_every_path_of_the_contract() {
    let t = TestApp::new().await;
    let routes: Vec<_> = ROUTES.iter().filter(|r| r.path != "*").collect();
    assert!(routes.len() > 25, "{} routes", routes.len());
    for route in routes {
        let method = if route.method == "POST" {
            Method::POST
        } else {
            Method::GET
        };
        let uri = format!("{}?projectId=shop", filled(route.path));
        let body = (method == Method::POST).then(|| serde_json::json!({}));
        let r = t.call(method, &uri, body, None).await;
        // The router's own answers for a path or method it does not have.
        assert_ne!(
            r.status,
            StatusCode::METHOD_NOT_ALLOWED,
            "{uri}: {}",
            r.body
        );
        let unrouted = r.status == StatusCode::NOT_FOUND && r.error().2 == "not found";
        assert!(!unrouted, "{} {uri} is not routed", route.method);
    }
}

#[tokio::test]
async fn the_openapi_document_has_every_route_and_body() {
    let t = TestApp::new().await;
    let r = t.call(Method::GET, "/openapi.json", None, None).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.header("access-control-allow-origin"), "*");
    let doc = r.json();
    assert_eq!(doc["info"]["version"], oriel_frame_host::VERSION);
    for route in ROUTES.iter().filter(|r| r.path != "*") {
        let path = route.path.split('?').next().unwrap_or(route.path);
        let operation = &doc["paths"][path][route.method.to_ascii_lowercase()];
        assert!(operation["operationId"].is_string(), "{path}: no operation");
        if let Some(reply) = route.reply {
            let answer = operation["responses"]["200"].to_string();
            let named = format!("#/components/schemas/{reply}");
            assert!(answer.contains(&named), "{path}: {reply} is not its answer");
        }
        for body in [route.query, route.request, route.reply]
            .into_iter()
            .flatten()
        {
            assert!(
                doc["components"]["schemas"][body].is_object(),
                "{path}: no schema {body}"
            );
        }
    }
}
