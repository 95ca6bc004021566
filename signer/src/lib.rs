#![doc = include_str!("../README.md")]

mod error;
pub mod keys;
pub mod sign;

pub use error::{KeyError, Result, SignError};
