#![doc = include_str!("../README.md")]
#![no_std]

extern crate alloc;

pub mod origin;

pub use origin::{AllowList, OriginError, OriginPattern};
