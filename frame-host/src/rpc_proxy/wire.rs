//! The JSON-RPC 2.0 wire of the endpoint: a body is one call or a batch of calls, and every
//! refusal is a JSON-RPC error object with an EIP-1474 code, so a client such as viem reads it
//! as it reads a node's.

use serde_json::{json, Value};

/// The most calls in one batch: each batch counts once against the limits, so its size bounds
/// the work one counted request can ask of the nodes.
pub(crate) const MAX_BATCH: usize = 100;

/// The longest method name accepted.
const MAX_METHOD: usize = 64;

/// EIP-1474's codes.
pub(crate) const PARSE_ERROR: i64 = -32700;
pub(crate) const INVALID_REQUEST: i64 = -32600;
pub(crate) const INVALID_PARAMS: i64 = -32602;
pub(crate) const INTERNAL_ERROR: i64 = -32603;
pub(crate) const METHOD_NOT_SUPPORTED: i64 = -32004;
pub(crate) const LIMIT_EXCEEDED: i64 = -32005;

/// One call of a body.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Call {
    /// The caller's id, echoed in the answer.
    pub(crate) id: Value,
    pub(crate) method: String,
    /// `Value::Null` when the call has none.
    pub(crate) params: Value,
}

/// A body: one call, or a batch; each entry is the call, or the error answer it gets.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Body {
    Single(Result<Call, Value>),
    Batch(Vec<Result<Call, Value>>),
}

/// A JSON-RPC error answer.
pub(crate) fn error(id: Value, code: i64, message: &str) -> Value {
    json!({ "jsonrpc": "2.0", "id": id, "error": { "code": code, "message": message } })
}

/// A JSON-RPC error answer carrying the node's `data`, when it gave some.
pub(crate) fn node_error(id: Value, code: i64, message: &str, data: Option<Value>) -> Value {
    let mut answer = error(id, code, message);
    if let (Some(data), Some(error)) = (data, answer.get_mut("error")) {
        error["data"] = data;
    }
    answer
}

/// A JSON-RPC result answer.
pub(crate) fn result(id: Value, result: Value) -> Value {
    json!({ "jsonrpc": "2.0", "id": id, "result": result })
}

/// Reads a body; `Err` is the one error answer of a body that is not JSON-RPC at all (not
/// JSON, an empty batch, a batch over [`MAX_BATCH`]).
pub(crate) fn parse(bytes: &[u8]) -> Result<Body, Value> {
    let value: Value = serde_json::from_slice(bytes).map_err(|_| {
        error(
            Value::Null,
            PARSE_ERROR,
            "Parse error: the body is not JSON",
        )
    })?;
    match value {
        Value::Array(calls) if calls.is_empty() => Err(error(
            Value::Null,
            INVALID_REQUEST,
            "Invalid request: an empty batch",
        )),
        Value::Array(calls) if calls.len() > MAX_BATCH => Err(error(
            Value::Null,
            INVALID_REQUEST,
            &format!("Invalid request: a batch of at most {MAX_BATCH} calls"),
        )),
        Value::Array(calls) => Ok(Body::Batch(calls.into_iter().map(call).collect())),
        other => Ok(Body::Single(call(other))),
    }
}

/// One call, checked: `jsonrpc` "2.0", a method name, params an array or object if any, an id
/// that is a number, a string or null.
fn call(value: Value) -> Result<Call, Value> {
    let Value::Object(mut object) = value else {
        return Err(invalid(Value::Null, "a call is a JSON object"));
    };
    let id = object.remove("id").unwrap_or(Value::Null);
    if !matches!(id, Value::Null | Value::Number(_) | Value::String(_)) {
        return Err(invalid(
            Value::Null,
            "id must be a number, a string or null",
        ));
    }
    if object.get("jsonrpc").and_then(Value::as_str) != Some("2.0") {
        return Err(invalid(id, "jsonrpc must be \"2.0\""));
    }
    let method = match object.remove("method") {
        Some(Value::String(m)) if !m.is_empty() && m.len() <= MAX_METHOD => m,
        _ => return Err(invalid(id, "method must be a method name")),
    };
    let params = match object.remove("params") {
        None => Value::Null,
        Some(p @ (Value::Array(_) | Value::Object(_))) => p,
        Some(_) => return Err(invalid(id, "params must be an array or an object")),
    };
    Ok(Call { id, method, params })
}

fn invalid(id: Value, why: &str) -> Value {
    error(id, INVALID_REQUEST, &format!("Invalid request: {why}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code_of(answer: &Value) -> Option<i64> {
        answer.get("error")?.get("code")?.as_i64()
    }

    #[test]
    fn one_call_or_a_batch() {
        let single = parse(br#"{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}"#).unwrap();
        assert_eq!(
            single,
            Body::Single(Ok(Call {
                id: json!(1),
                method: "eth_chainId".into(),
                params: Value::Null
            }))
        );
        let batch = parse(
            br#"[{"jsonrpc":"2.0","id":"a","method":"eth_getBalance","params":["0x1","latest"]},{"id":2}]"#,
        )
        .unwrap();
        let Body::Batch(calls) = batch else {
            panic!("a batch")
        };
        assert_eq!(calls[0].as_ref().unwrap().params, json!(["0x1", "latest"]));
        assert_eq!(
            code_of(calls[1].as_ref().unwrap_err()),
            Some(INVALID_REQUEST)
        );
    }

    #[test]
    fn garbage_gets_an_error_answer() {
        assert_eq!(code_of(&parse(b"not json").unwrap_err()), Some(PARSE_ERROR));
        assert_eq!(code_of(&parse(b"[]").unwrap_err()), Some(INVALID_REQUEST));
        let big = format!("[{}]", vec!["{}"; MAX_BATCH + 1].join(","));
        assert_eq!(
            code_of(&parse(big.as_bytes()).unwrap_err()),
            Some(INVALID_REQUEST)
        );
        for bad in [
            r#"7"#,
            r#"{"jsonrpc":"1.0","id":1,"method":"m"}"#,
            r#"{"jsonrpc":"2.0","id":{},"method":"m"}"#,
            r#"{"jsonrpc":"2.0","id":1,"method":""}"#,
            r#"{"jsonrpc":"2.0","id":1,"method":"m","params":"x"}"#,
        ] {
            let Body::Single(Err(answer)) = parse(bad.as_bytes()).unwrap() else {
                panic!("{bad}: refused")
            };
            assert_eq!(code_of(&answer), Some(INVALID_REQUEST), "{bad}");
        }
    }
}
