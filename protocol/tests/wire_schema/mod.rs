//! The wire layout of every message type, traced from the serde derives with serde-reflection
//! and written as `sdk-react/src/codec/schema.gen.ts`, which the SDK's TypeScript postcard codec
//! reads. Field order and variant indices come from the crate, never from a hand-written list.
//!
//! A format is written as a string or a small array:
//! - a primitive: `'bool'`, `'u8'`, `'u16'`, `'u32'`, `'u64'`, `'i8'` to `'i64'`, `'str'`, `'unit'`;
//! - a named container: its type name (these start with a capital letter);
//! - `['option', F]`, `['seq', F]`, `['tuple', [F, ...]]`.
//!
//! A container is `['struct', [[field, F], ...]]`, `['newtype', F]`, `['tuple', [F, ...]]`,
//! `['unit']` or `['enum', [[variant, V], ...]]`, the variants in index order, where `V` is
//! `'unit'`, `['newtype', F]`, `['tuple', [F, ...]]` or `['struct', [[field, F], ...]]`.

use oriel_protocol::*;
use serde_reflection::{ContainerFormat, Format, Named, Tracer, TracerConfig, VariantFormat};

/// The registry of every container reachable from [`Body`].
fn registry() -> serde_reflection::Registry {
    let mut tracer = Tracer::new(TracerConfig::default());
    // Each enum is traced on its own until all its variants are known.
    tracer.trace_simple_type::<Body>().unwrap();
    tracer.trace_simple_type::<Request>().unwrap();
    tracer.trace_simple_type::<Reply>().unwrap();
    tracer.trace_simple_type::<ErrorCode>().unwrap();
    tracer.trace_simple_type::<FrameEvent>().unwrap();
    tracer.trace_simple_type::<RevealPurpose>().unwrap();
    tracer.trace_simple_type::<AccountType>().unwrap();
    tracer.trace_simple_type::<EmailAction>().unwrap();
    tracer.trace_simple_type::<UpdateEmailAction>().unwrap();
    tracer.trace_simple_type::<SocialProvider>().unwrap();
    tracer.trace_simple_type::<ThemeMode>().unwrap();
    tracer
        .registry()
        .expect("an enum reachable from Body is not traced: add it above")
}

fn quote(name: &str) -> String {
    assert!(
        name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'),
        "{name} needs escaping"
    );
    format!("'{name}'")
}

fn format(f: &Format) -> String {
    match f {
        Format::TypeName(name) => quote(name),
        Format::Unit => quote("unit"),
        Format::Bool => quote("bool"),
        Format::U8 => quote("u8"),
        Format::U16 => quote("u16"),
        Format::U32 => quote("u32"),
        Format::U64 => quote("u64"),
        Format::I8 => quote("i8"),
        Format::I16 => quote("i16"),
        Format::I32 => quote("i32"),
        Format::I64 => quote("i64"),
        Format::Str => quote("str"),
        Format::Option(inner) => format!("['option', {}]", format(inner)),
        Format::Seq(inner) => format!("['seq', {}]", format(inner)),
        Format::Tuple(items) => format!("['tuple', {}]", list(items)),
        other => panic!("the TypeScript codec has no encoding for {other:?} yet: add one"),
    }
}

fn list(items: &[Format]) -> String {
    let items: Vec<_> = items.iter().map(format).collect();
    format!("[{}]", items.join(", "))
}

fn fields(named: &[Named<Format>]) -> String {
    let fields: Vec<_> = named
        .iter()
        .map(|n| format!("[{}, {}]", quote(&n.name), format(&n.value)))
        .collect();
    format!("[{}]", fields.join(", "))
}

fn container(c: &ContainerFormat) -> String {
    match c {
        ContainerFormat::UnitStruct => "['unit']".into(),
        ContainerFormat::NewTypeStruct(f) => format!("['newtype', {}]", format(f)),
        ContainerFormat::TupleStruct(items) => format!("['tuple', {}]", list(items)),
        ContainerFormat::Struct(named) => format!("['struct', {}]", fields(named)),
        ContainerFormat::Enum(variants) => {
            let mut out = Vec::new();
            for (index, (&i, v)) in variants.iter().enumerate() {
                assert_eq!(i as usize, index, "variant indices must be 0..n");
                let body = match &v.value {
                    VariantFormat::Unit => quote("unit"),
                    VariantFormat::NewType(f) => format!("['newtype', {}]", format(f)),
                    VariantFormat::Tuple(items) => format!("['tuple', {}]", list(items)),
                    VariantFormat::Struct(named) => format!("['struct', {}]", fields(named)),
                    VariantFormat::Variable(_) => panic!("{} is not traced", v.name),
                };
                out.push(format!("\n    [{}, {}]", quote(&v.name), body));
            }
            format!("['enum', [{},\n  ]]", out.join(","))
        }
    }
}

/// `schema.gen.ts`: the containers, sorted by name.
pub(crate) fn typescript() -> String {
    let mut out = String::from(
        "// Generated from the oriel-protocol crate by protocol/tests/typescript.rs (serde-reflection\n\
         // over the serde derives). Do not edit. The layout is described in\n\
         // protocol/tests/wire_schema/mod.rs and read by ./postcard.ts.\n\n\
         import type { Schema } from './postcard'\n\n\
         export const SCHEMA: Schema = {\n",
    );
    for (name, c) in registry() {
        out.push_str(&format!("  {name}: {},\n", container(&c)));
    }
    out.push_str("}\n");
    out
}
